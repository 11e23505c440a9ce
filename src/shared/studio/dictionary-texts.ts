import type { DictFile } from '../generated/dict-file';
import { jsonFileText } from '../schema/json-file-text';

/** A dictionary's one file in the studio: `<code>.json` under dicts/. */
export const dictFileName = (code: string): string => `${code}.json`;

/**
 * A new dictionary from blank: its code, its name and one item to rename, since a dictionary has at
 * least one (schemas/meta/dict.schema.json). The studio's items editor takes it from there (ADR 0046).
 */
export function blankDictionaryTexts(code: string, name: string): Map<string, string> {
  const file: DictFile = { code, name, items: [{ dictKey: 'item1', dictValue: '选项一', dictValueEn: 'Option 1' }] };
  return new Map([[dictFileName(code), jsonFileText(file)]]);
}

/**
 * A copy of a dictionary under a new code and name, with the same items in the same order; retired
 * items are not carried over (the copy has no records to keep them for). Undefined when the source
 * does not parse as a dictionary.
 */
export function copiedDictionaryTexts(source: ReadonlyMap<string, string>, code: string, name: string): Map<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse([...source.values()][0] ?? '');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as DictFile).items)) return undefined;
  const items = (parsed as DictFile).items.filter((item) => item.retired !== true);
  return new Map([[dictFileName(code), jsonFileText({ code, name, items } satisfies DictFile)]]);
}

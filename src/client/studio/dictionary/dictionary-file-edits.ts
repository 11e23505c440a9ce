import type { DictFile } from '../../../shared/generated/dict-file';
import { jsonFileText } from '../../../shared/schema/json-file-text';

export type DictItem = DictFile['items'][number];

/**
 * The dictionary a file's text holds, or undefined when it is not one the editor can show (not JSON,
 * or no name and items): the JSON editor shows it then. Keys the editor does not know are kept.
 */
export function parseDictionary(text: string): DictFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const file = value as Partial<DictFile>;
  if (typeof file.name !== 'string' || !Array.isArray(file.items)) return undefined;
  const itemsFit = file.items.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as DictItem).dictKey === 'string' &&
      typeof (item as DictItem).dictValue === 'string',
  );
  return itemsFit ? (value as DictFile) : undefined;
}

/** The text of an edited dictionary, written the one way the studio writes JSON files (jsonFileText). */
export const dictionaryText = (file: DictFile): string => jsonFileText(file);

/** The item at `index` moved by `offset` places (−1 up, +1 down); the same list when it cannot move. */
export function movedItems(items: readonly DictItem[], index: number, offset: -1 | 1): DictItem[] {
  const target = index + offset;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/** One label of an item set, or left out when emptied (the English label is optional). */
export function withLabel(item: DictItem, field: 'dictKey' | 'dictValue' | 'dictValueEn', value: string): DictItem {
  if (field === 'dictValueEn') {
    const { dictValueEn: _old, ...rest } = item;
    return value === '' ? rest : { ...rest, dictValueEn: value };
  }
  return { ...item, [field]: value };
}

/** A key no item has yet, for an added item: item1, item2… */
export function freeKey(items: readonly DictItem[]): string {
  const keys = new Set(items.map((item) => item.dictKey));
  let index = items.length + 1;
  while (keys.has(`item${index}`)) index += 1;
  return `item${index}`;
}

import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { collectDictValues } from '../../../shared/schema/collect-dict-values';
import type { FieldError } from '../../../shared/schema/field-error';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import type { Db } from '../../db/database';
import { existingDictKeys, findDictItems } from './dict-store';

/** Which of `keys` the dictionary `code` holds: the database by default, or a lookup that keeps what it read. */
export type DictKeyLookup = (code: string, keys: string[]) => Promise<Set<string>>;

/**
 * A lookup that reads each dictionary whole once and answers from memory after: for a pass over
 * many stored records (the studio's impact report), not for a request, which wants today's keys.
 */
export function cachedDictLookup(db: Db): DictKeyLookup {
  const loaded = new Map<string, Promise<Set<string>>>();
  return async (code, keys) => {
    let all = loaded.get(code);
    if (!all) {
      all = findDictItems(db, code).then((items) => new Set(items.map((item) => item.dictKey)));
      loaded.set(code, all);
    }
    const known = await all;
    return new Set(keys.filter((key) => known.has(key)));
  };
}

/**
 * A field error for every `x-dict` value that is not a key of its dictionary in the database.
 * Values of the wrong type are skipped: ajv has already reported them.
 */
export async function checkDictValues(
  db: Db,
  schema: JsonSchema,
  data: unknown,
  locale: Locale,
  skipPaths: ReadonlySet<string>,
  lookup: DictKeyLookup = (code, keys) => existingDictKeys(db, code, keys),
): Promise<FieldError[]> {
  const values = collectDictValues(schema, data).filter((entry) => typeof entry.value === 'string' && !skipPaths.has(entry.path));
  const byCode = new Map<string, string[]>();
  for (const entry of values) byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), entry.value as string]);
  const known = new Map<string, Set<string>>();
  for (const [code, keys] of byCode) known.set(code, await lookup(code, [...new Set(keys)]));
  return values
    .filter((entry) => !known.get(entry.code)?.has(entry.value as string))
    .map((entry) => {
      const params = { dict: entry.code };
      return {
        path: entry.path,
        keyword: 'x-dict',
        params,
        message: validationMessage('x-dict', params, schemaAtPath(schema, entry.path), locale),
      };
    });
}

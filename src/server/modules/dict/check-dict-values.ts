import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { collectDictValues } from '../../../shared/schema/collect-dict-values';
import type { FieldError } from '../../../shared/schema/field-error';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import type { Db } from '../../db/database';
import { existingDictKeys } from './dict-store';

/**
 * A field error for every `x-dict` value that is not a key of its dictionary in the database.
 * Values of the wrong type are skipped: ajv has already reported them.
 */
export async function checkDictValues(db: Db, schema: JsonSchema, data: unknown, locale: Locale, skipPaths: ReadonlySet<string>): Promise<FieldError[]> {
  const values = collectDictValues(schema, data).filter((entry) => typeof entry.value === 'string' && !skipPaths.has(entry.path));
  const byCode = new Map<string, string[]>();
  for (const entry of values) byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), entry.value as string]);
  const known = new Map<string, Set<string>>();
  for (const [code, keys] of byCode) known.set(code, await existingDictKeys(db, code, [...new Set(keys)]));
  return values
    .filter((entry) => !known.get(entry.code)?.has(entry.value as string))
    .map((entry) => {
      const params = { dict: entry.code };
      return { path: entry.path, keyword: 'x-dict', params, message: validationMessage('x-dict', params, schemaAtPath(schema, entry.path), locale) };
    });
}

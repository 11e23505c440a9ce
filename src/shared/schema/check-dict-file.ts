import type { ValidateFunction } from 'ajv';
import dictMetaSchema from '../../../schemas/meta/dict.schema.json';
import type { DictFile } from '../generated/dict-file';
import { authoringMessage } from './authoring-message';
import type { SchemaProblem } from './check-schema';
import { createAjv } from './create-ajv';

let validate: ValidateFunction<DictFile> | undefined;

/**
 * Every problem in one dictionary file against schemas/meta/dict.schema.json, worded as
 * schemas:check words them; the checker and the server's seeding share it.
 */
export function checkDictFile(value: unknown): SchemaProblem[] {
  validate ??= createAjv().compile<DictFile>(dictMetaSchema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => ({ pointer: error.instancePath, message: authoringMessage(error) }));
}

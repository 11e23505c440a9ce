import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import historyEntrySchema from '../../../schemas/api/application-history-entry.schema.json';
import fileRefSchema from '../../../schemas/api/file-ref.schema.json';
import permissionSchema from '../../../schemas/api/permission.schema.json';
import roleSchema from '../../../schemas/api/role.schema.json';
import { CUSTOM_FORMATS } from './custom-formats';
import { keywordMetaSchema, VOCABULARY_KEYWORDS } from './vocabulary';

/**
 * The one ajv factory: the server, the schema checker and the tests all validate through it, so a rule
 * means the same everywhere. Strict mode stays on and every x-* keyword is registered with a
 * meta-schema, so a mistyped or malformed keyword fails loudly instead of being ignored.
 * `strictRequired` is off because a conditional `then: {required: [...]}` names properties declared
 * on the parent, which is the standard way to write "required when".
 */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: true,
    strictRequired: false,
    allErrors: true,
    allowUnionTypes: true,
    messages: true,
  });
  addFormats(ajv);
  for (const [name, validate] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, validate);
  // Schemas that others reference by $id: attachment fields the file reference, a role its
  // permissions, an application view its history.
  ajv.addSchema([fileRefSchema, permissionSchema, roleSchema, historyEntrySchema]);
  for (const keyword of VOCABULARY_KEYWORDS) {
    ajv.addKeyword({ keyword, metaSchema: keywordMetaSchema(keyword) });
  }
  return ajv;
}

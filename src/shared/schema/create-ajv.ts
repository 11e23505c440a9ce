import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fileRefSchema from '../../../schemas/api/file-ref.schema.json';
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
  // Attachment fields reference the one file-reference schema by its $id.
  ajv.addSchema(fileRefSchema);
  for (const keyword of VOCABULARY_KEYWORDS) {
    ajv.addKeyword({ keyword, metaSchema: keywordMetaSchema(keyword) });
  }
  return ajv;
}

import type { JsonSchema } from '../../shared/schema/json-schema';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The fields of a form's stored record as an answer describes them: every field but the captcha,
 * each with its title and, when scalar, its type. None is required, since a record stored under an
 * older version of the form may lack a field and must still be sent; an object or array field is
 * sent as it was stored (a typed object without properties would serialize as `{}`).
 */
export function storedFieldsSchema(form: JsonSchema): Record<string, JsonSchema> {
  const fields: Record<string, JsonSchema> = {};
  for (const [name, node] of Object.entries(form.properties ?? {})) {
    if (node['x-component'] === 'Captcha') continue;
    const scalar = typeof node.type === 'string' && SCALAR_TYPES.has(node.type);
    fields[name] = { ...(node.title === undefined ? {} : { title: node.title }), ...(scalar ? { type: node.type } : {}) };
  }
  return fields;
}

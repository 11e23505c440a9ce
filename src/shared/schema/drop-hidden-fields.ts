import { conditionalFields, deriveConditions, fieldState, type FieldCondition } from './conditions';
import { isJsonSchema, type JsonSchema } from './json-schema';

/**
 * An object's conditions; none for one outside the supported subset. An activity's step cannot have
 * such an `if` (its folder check refuses it), a resource's can: there ajv alone judges it, and this
 * hides nothing rather than failing the write.
 */
function conditionsOf(schema: JsonSchema): FieldCondition[] {
  try {
    return deriveConditions(schema);
  } catch {
    return [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The data without the fields that an if/then/else hides for the values beside them (a certificate
 * number when 是否为高新技术企业 is 否), in nested objects and array items too. The browser drops a
 * hidden field's value; the server drops it the same way before it validates and stores, so a value
 * the applicant could not see is never kept. Pure.
 */
export function dropHiddenFields(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value))
    return isJsonSchema(schema.items) ? value.map((item) => dropHiddenFields(schema.items as JsonSchema, item)) : value;
  if (!isRecord(value)) return value;
  const conditions = conditionsOf(schema);
  const governed = conditionalFields(conditions);
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (governed.has(key) && !fieldState(schema, key, value, conditions).visible) continue;
    const child = schema.properties?.[key];
    result[key] = isJsonSchema(child) ? dropHiddenFields(child, entry) : entry;
  }
  return result;
}

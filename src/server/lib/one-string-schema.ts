import type { JsonSchema } from '../../shared/schema/json-schema';

/**
 * The params or query string of a route that takes one required text value (an id, a code, a
 * name), closed to anything else.
 */
export function oneStringSchema(name: string, rules: { pattern?: string; minLength?: number; maxLength?: number }): JsonSchema {
  return { type: 'object', additionalProperties: false, required: [name], properties: { [name]: { type: 'string', ...rules } } };
}

import type { JsonSchema } from '../../../shared/schema/json-schema';

/** The text the designer hands the JSON editor: two-space JSON and a final newline, as the schema files are written. */
export const serializeSchema = (schema: JsonSchema): string => `${JSON.stringify(schema, null, 2)}\n`;

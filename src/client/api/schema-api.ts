import { formSchemaPath } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import { isJsonSchema, type JsonSchema } from '../../shared/schema/json-schema';
import { http } from './http';

/**
 * A canonical form schema, fetched at run time: a content administrator edits the JSON file,
 * restarts the server, and the form changes without a rebuild.
 */
export async function fetchFormSchema(name: string): Promise<JsonSchema> {
  const response = await http.get<ApiEnvelope<JsonSchema>>(formSchemaPath(name));
  const schema = response.data.data;
  if (!isJsonSchema(schema)) throw new Error(`form schema "${name}" is not a JSON object`);
  return schema;
}

import { REFERENCED_SCHEMAS } from '../../shared/generated/referenced-schemas';
import { isJsonSchema } from '../../shared/schema/json-schema';

const REFERENCED = new Map<string, unknown>(REFERENCED_SCHEMAS.map((schema) => [schema.$id, schema]));

/**
 * A schema file as a route's response schema or in the OpenAPI document: a `$ref` to another schema
 * file by its `$id` is inlined, since neither the serializer nor a reader of the document resolves
 * it, and `$schema` and `$id` are dropped, since they belong to the file, not to an embedded copy.
 */
export function inlineSchemaRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inlineSchemaRefs);
  if (!isJsonSchema(value)) return value;
  const referenced = typeof value.$ref === 'string' ? REFERENCED.get(value.$ref) : undefined;
  if (referenced) return inlineSchemaRefs(referenced);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$schema' && key !== '$id')
      .map(([key, entry]) => [key, inlineSchemaRefs(entry)]),
  );
}

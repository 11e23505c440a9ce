import { isJsonSchema, type JsonSchema } from './json-schema';

/** One item of an Upload field in a record, with its dotted path (e.g. `groups.0.files.1`). */
export interface UploadValue {
  path: string;
  value: unknown;
}

const join = (path: string, segment: string | number): string => (path === '' ? String(segment) : `${path}.${segment}`);

/** Every schema that may describe property `key` of an object node: its own, and those of its conditional and combined branches. */
function propertySchemas(node: JsonSchema, key: string): JsonSchema[] {
  const found: JsonSchema[] = [];
  const own = node.properties?.[key];
  if (isJsonSchema(own)) found.push(own);
  for (const branch of [node.then, node.else, ...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    if (isJsonSchema(branch)) found.push(...propertySchemas(branch, key));
  }
  return found;
}

function walk(node: JsonSchema, data: unknown, path: string, out: Map<string, UploadValue>): void {
  if (node['x-component'] === 'Upload') {
    if (Array.isArray(data)) data.forEach((value, index) => out.set(join(path, index), { path: join(path, index), value }));
    return;
  }
  if (Array.isArray(data)) {
    if (isJsonSchema(node.items)) data.forEach((item, index) => walk(node.items as JsonSchema, item, join(path, index), out));
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  for (const [key, value] of Object.entries(data)) {
    for (const schema of propertySchemas(node, key)) walk(schema, value, join(path, key), out);
  }
}

/**
 * The file references a record holds, found through its schema (Upload fields may sit in array rows
 * or conditional branches), so that each can be checked against the caller's uploads.
 */
export function collectUploadValues(schema: JsonSchema, data: unknown): UploadValue[] {
  const out = new Map<string, UploadValue>();
  walk(schema, data, '', out);
  return [...out.values()];
}

import type { JsonSchema } from './json-schema';
import { schemaAtPath } from './schema-at-path';

export interface DictValue {
  path: string;
  code: string;
  value: unknown;
}

function visit(value: unknown, path: string[], root: JsonSchema, found: DictValue[]): void {
  const node = schemaAtPath(root, path.join('.'));
  if (!node) return;
  const code = node['x-dict'];
  if (code) {
    // A multi-select holds an array of keys; each must be in the dictionary.
    if (Array.isArray(value)) value.forEach((item, index) => found.push({ path: [...path, String(index)].join('.'), code, value: item }));
    else found.push({ path: path.join('.'), code, value });
    return;
  }
  if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, String(index)], root, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) visit(entry, [...path, key], root, found);
  }
}

/** Every value in `data` whose schema node names a dictionary, for the server's membership check. */
export function collectDictValues(schema: JsonSchema, data: unknown): DictValue[] {
  const found: DictValue[] = [];
  visit(data, [], schema, found);
  return found;
}

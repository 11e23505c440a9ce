import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const META_DIR = path.join(ROOT, 'schemas/meta');
const API_DIR = path.join(ROOT, 'schemas/api');
const API_ID = 'https://schemas.kechuang.local/api/';

type Node = Record<string, unknown>;

/** One property name a meta-schema accepts, at the place it is accepted. */
export interface MetaKeyword {
  /** Segments from the file's top: `transitions`, `<name>`, `notify`; `definitions`, `notice`, `to`. */
  path: string[];
  /** What the reference shows for it: `transitions.<name>.notify`. */
  display: string;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An external $ref into schemas/api is what the author writes there too (a window's opensAt): it is followed.
 *  A $ref into the file's own definitions is not: the definitions are walked where they stand. */
function resolve(node: Node): Node {
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith(API_ID)) {
    return JSON.parse(readFileSync(path.join(API_DIR, ref.slice(API_ID.length)), 'utf8')) as Node;
  }
  return node;
}

function walk(node: unknown, at: string[], out: Map<string, MetaKeyword>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, at, out);
    return;
  }
  if (!isNode(node)) return;
  const schema = resolve(node);
  if (isNode(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const here = [...at, name];
      out.set(here.join('.'), { path: here, display: here.join('.') });
      walk(child, here, out);
    }
  }
  if (isNode(schema.additionalProperties)) walk(schema.additionalProperties, [...at, '<name>'], out);
  for (const key of ['items', 'oneOf', 'anyOf', 'allOf', 'if', 'then', 'else'] as const) walk(schema[key], at, out);
}

/** Every property name a meta-schema accepts, at any depth: its properties, its definitions' and, for the
 *  vocabulary, each x-* keyword and its own properties. */
export function metaKeywords(file: string): MetaKeyword[] {
  const schema = JSON.parse(readFileSync(path.join(META_DIR, file), 'utf8')) as Node;
  const out = new Map<string, MetaKeyword>();
  walk(schema, [], out);
  if (isNode(schema.keywords)) {
    for (const [name, child] of Object.entries(schema.keywords)) {
      out.set(name, { path: [name], display: name });
      walk(child, [name], out);
    }
  }
  if (isNode(schema.definitions)) {
    for (const [name, child] of Object.entries(schema.definitions)) walk(child, ['definitions', name], out);
  }
  return [...out.values()];
}

export function metaSchemaFiles(): string[] {
  return readdirSync(META_DIR)
    .filter((name) => name.endsWith('.schema.json'))
    .sort();
}

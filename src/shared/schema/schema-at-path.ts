import { isJsonSchema, type JsonSchema } from './json-schema';

/** The branches whose properties also describe the node's instance (conditional and combined schemas). */
function branches(node: JsonSchema): JsonSchema[] {
  return [node.then, node.else, ...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])].filter(isJsonSchema);
}

function child(node: JsonSchema, segment: string): JsonSchema | undefined {
  const own = node.properties?.[segment];
  if (own) return own;
  if (/^\d+$/.test(segment) && node.items) {
    return Array.isArray(node.items) ? node.items[Number(segment)] : node.items;
  }
  for (const branch of branches(node)) {
    const found = child(branch, segment);
    if (found) return found;
  }
  return undefined;
}

/** The schema node that describes the value at a dotted path such as `members.0.name`. */
export function schemaAtPath(root: JsonSchema, path: string): JsonSchema | undefined {
  if (path === '') return root;
  let node: JsonSchema | undefined = root;
  for (const segment of path.split('.')) {
    if (!node) return undefined;
    node = child(node, segment);
  }
  return node;
}

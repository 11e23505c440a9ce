import type { JsonSchema } from './json-schema';

/** The file reference schema every Upload field's items point to. */
export const FILE_REF_SCHEMA_ID = 'https://schemas.kechuang.local/api/file-ref.schema.json';

/**
 * The rules of an attachment field, wherever one sits (an activity's step, a resource's record): an
 * Upload is an array of file references with its x-upload, and x-upload means nothing elsewhere.
 * Returns true for an Upload node, whose insides need no further checks.
 */
export function checkUploadNode(node: JsonSchema, pointer: string, add: (pointer: string, message: string) => void): boolean {
  if (node['x-component'] !== 'Upload') {
    if (node['x-upload'] !== undefined) add(`${pointer}/x-upload`, 'x-upload 只能写在 x-component 为 "Upload" 的字段上');
    return false;
  }
  if (node.type !== 'array') add(`${pointer}/type`, '附件字段（Upload）的 type 应为 "array"');
  if (!node['x-upload']) add(pointer, '附件字段（Upload）缺少 x-upload（允许的类型 accept 和大小上限 maxSize）');
  const items = Array.isArray(node.items) ? undefined : node.items;
  if (items?.$ref !== FILE_REF_SCHEMA_ID) add(`${pointer}/items`, `附件字段（Upload）的 items 应为 {"$ref": "${FILE_REF_SCHEMA_ID}"}`);
  return true;
}

import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

/** A JSON pointer's segments, unescaped (RFC 6901); numbers where they index an array. */
function segmentsOf(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Where a problem's JSON pointer sits in the text: the property's key when it names one, else the
 * value; a pointer to something the text lacks (a missing required key) marks its nearest ancestor.
 * The whole first line when the text does not parse far enough to tell.
 */
export function pointerRange(text: string, pointer: string): { from: number; to: number } {
  const root = parseTree(text);
  const firstLine = { from: 0, to: Math.max(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')) };
  if (!root) return firstLine;
  const segments = segmentsOf(pointer);
  // Each segment is an index where its parent, found by the path built so far, is an array.
  const path: (string | number)[] = [];
  for (const segment of segments) {
    const parent = findNodeAtLocation(root, path);
    path.push(parent?.type === 'array' && /^\d+$/.test(segment) ? Number(segment) : segment);
  }
  let node: Node | undefined;
  for (let length = path.length; length >= 0 && !node; length -= 1) node = findNodeAtLocation(root, path.slice(0, length));
  if (!node) return firstLine;
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  const target = key ?? node;
  // A whole object or array is too wide to mark: its first line stands for it.
  const end =
    target.type === 'object' || target.type === 'array'
      ? Math.min(target.offset + target.length, text.indexOf('\n', target.offset) === -1 ? text.length : text.indexOf('\n', target.offset))
      : target.offset + target.length;
  return { from: target.offset, to: Math.max(end, target.offset + 1) };
}

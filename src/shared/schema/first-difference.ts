import { escapePointer } from './escape-pointer';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON pointer of the first place two JSON values differ (in key order of the first, then keys
 * only the second has), or undefined when they are equal; a studio problem is placed there.
 */
export function firstDifference(a: unknown, b: unknown, pointer = ''): string | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
      if (index >= a.length || index >= b.length) return `${pointer}/${index}`;
      const found = firstDifference(a[index], b[index], `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of [...Object.keys(a), ...Object.keys(b).filter((key) => !Object.hasOwn(a, key))]) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) return at;
      const found = firstDifference(a[key], b[key], at);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : pointer;
}

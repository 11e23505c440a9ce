// ArrayTable writes each row's index into the row's own values (STACK.md trap 4).
const ARRAY_TABLE_INDEX_KEY = '__DO_NOT_USE_THIS_PROPERTY_index__';

/**
 * A plain copy of Formily form values without the keys Formily's widgets add for themselves, so
 * `additionalProperties: false` on the server does not reject a table row. Call it on anything
 * sent or validated: the submit pipeline, a draft save, validateValues (which calls it itself).
 * It does not drop empty values; pruneEmpty does that.
 */
export function cleanFormValues<T>(values: T): T {
  return clean(values) as T;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value !== 'object' || value === null) return value;
  // Only plain records are copied; a Date, File or Blob passes through untouched.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === ARRAY_TABLE_INDEX_KEY) continue;
    result[key] = clean(entry);
  }
  return result;
}

/**
 * Whether a value is "not filled in" (ADR 0001): absent, null, an empty string, or an empty array.
 * A form widget never holds "no value" for a list: ArrayTable, ArrayCards, Upload and Checkbox.Group
 * all start at [] and go back to [] when cleared, so [] must mean what a cleared input means, or a
 * required list is "missing" when absent but "too short" when empty (issue 17). The browser's field
 * rules ask this same function, so both sides agree on what is empty.
 */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Drops empty values (isEmptyValue) from a record's properties before validation, at every depth,
 * so that a cleared input counts as "not filled in" on the server exactly as it does in the browser,
 * and is not stored. Array items are kept as they are: dropping one would shift the indexes the
 * errors are reported at, and a row the user added is not a cleared input.
 */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneEmpty);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (isEmptyValue(entry)) continue;
    result[key] = pruneEmpty(entry);
  }
  return result;
}

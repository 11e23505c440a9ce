/**
 * Drops empty strings and nulls from a record before validation, so that a cleared input counts as
 * "not filled in" on the server exactly as it does in the browser, and is not stored.
 */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneEmpty);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === '' || entry === null || entry === undefined) continue;
    result[key] = pruneEmpty(entry);
  }
  return result;
}

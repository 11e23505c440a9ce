import { MASKS, type MaskName } from './mask';

/** The record's data with each named text field masked (x-mask); other values untouched. */
export function maskFields(fields: readonly (readonly [string, MaskName])[], data: Record<string, unknown>): Record<string, unknown> {
  const masked = { ...data };
  for (const [field, mask] of fields) {
    const value = masked[field];
    if (typeof value === 'string' && value !== '') masked[field] = MASKS[mask](value);
  }
  return masked;
}

/**
 * The record's data with each named column of its tables masked (x-mask on a table column); other cells untouched,
 * and so is a cell whose value is in `whole` (an invited guest's own number in the guest list).
 */
export function maskColumns(
  columns: readonly (readonly [string, string, MaskName])[],
  data: Record<string, unknown>,
  whole: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const masked = { ...data };
  for (const [table, column, mask] of columns) {
    const rows = masked[table];
    if (!Array.isArray(rows)) continue;
    masked[table] = rows.map((row: unknown) => {
      if (typeof row !== 'object' || row === null) return row;
      const value = (row as Record<string, unknown>)[column];
      return typeof value === 'string' && value !== '' && !whole.has(value) ? { ...row, [column]: MASKS[mask](value) } : row;
    });
  }
  return masked;
}

import type { UnmaskedValues } from './fetch-unmasked-fields';

/** The record's data with the unmasked answer put in: its fields, and its tables' cells row by row (the rows are the record's own). */
export function withUnmaskedValues(data: Record<string, unknown>, unmasked: UnmaskedValues): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...data, ...unmasked.fields };
  for (const [table, cells] of Object.entries(unmasked.tables)) {
    const rows = shown[table];
    if (!Array.isArray(rows)) continue;
    shown[table] = rows.map((row: unknown, index) =>
      typeof row === 'object' && row !== null ? { ...(row as Record<string, unknown>), ...(cells[index] ?? {}) } : row,
    );
  }
  return shown;
}

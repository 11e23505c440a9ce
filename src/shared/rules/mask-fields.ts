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

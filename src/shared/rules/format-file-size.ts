const UNITS = ['K', 'M', 'G'] as const;

/**
 * Spec §9's file size: B, K, M, G with a step of 1024 and 2 decimals (1023 → "1023 B",
 * 1024 → "1.00 K"); G is the largest unit.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.trunc(bytes) || 0)} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'K';
  for (const next of UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024 || next === 'G') break;
  }
  return `${value.toFixed(2)} ${unit}`;
}

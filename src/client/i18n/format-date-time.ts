/** China keeps one offset all year (no daylight saving): Beijing time is UTC+8, wherever the browser is. */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (value: number): string => String(value).padStart(2, '0');

const FORMATS = {
  minute: (t: Date): string =>
    `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
  second: (t: Date): string => `${FORMATS.minute(t)}:${pad(t.getUTCSeconds())}`,
  clock: (t: Date): string => `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
} as const;

/**
 * A server time as the portal shows it everywhere: Beijing time to the minute, whatever the
 * browser's time zone (the spec's times are the commission's); `empty` for none. The operation log
 * asks for seconds, since several events of one login fall within a minute; the save indicator for
 * the time of day only.
 */
export function formatDateTime(value: string | Date | null | undefined, empty = '-', precision: keyof typeof FORMATS = 'minute'): string {
  if (value === null || value === undefined || value === '') return empty;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) return empty;
  // Shifted by the offset and read with the UTC getters: the local zone never enters.
  return FORMATS[precision](new Date(ms + BEIJING_OFFSET_MS));
}

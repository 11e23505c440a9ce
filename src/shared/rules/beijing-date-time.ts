const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The moment as Beijing time (UTC+8) to the second, with its offset: `2026-03-01T09:30:00+08:00`. A
 * manifest's window is written this way, so an author reads it as the portal's own clock.
 */
export function beijingDateTime(moment: Date): string {
  return `${new Date(moment.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

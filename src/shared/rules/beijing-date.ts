const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar date in Beijing time (UTC+8, no daylight saving) as YYYY-MM-DD: the portal's "today" wherever the server runs. */
export function beijingDate(now: Date): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

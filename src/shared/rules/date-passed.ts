const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec §5's date check: whether the given date (optionally plus one day) has passed. A date-only
 * value ('2026-12-31') means that day's start in the reader's time zone, so "plus one day" means
 * "the whole day has passed". An unreadable date has not passed.
 */
export function hasDatePassed(date: string | Date, now: Date, plusOneDay = false): boolean {
  const time = date instanceof Date ? date.getTime() : parseDate(date);
  if (Number.isNaN(time)) return false;
  return now.getTime() > time + (plusOneDay ? DAY_MS : 0);
}

function parseDate(text: string): number {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])).getTime();
  return new Date(text).getTime();
}

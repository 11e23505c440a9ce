import { beijingDate } from '../rules/beijing-date';

const DAY_MS = 24 * 60 * 60 * 1000;

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first days (YYYY-MM-DD) of the last `count` weeks or months, oldest first, ending with the one
 * holding `now` in Beijing time: a week starts on Monday, as PostgreSQL's date_trunc('week') does, so
 * these are the keys the SQL groups by.
 */
export function trendPeriods(now: Date, period: 'week' | 'month', count: number): string[] {
  const today = beijingDate(now);
  if (period === 'week') {
    // getUTCDay of the Beijing date: 0 Sunday … 6 Saturday; Monday is 0 days back, Sunday 6.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = shiftDays(today, -((weekday + 6) % 7));
    return Array.from({ length: count }, (_, index) => shiftDays(monday, -7 * (count - 1 - index)));
  }
  const [year = 0, month = 1] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const months = year * 12 + (month - 1) - (count - 1 - index);
    return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}-01`;
  });
}

/** A period's key as its rows show it: a month as YYYY-MM, a week by its Monday. */
export function periodLabel(key: string, period: 'week' | 'month'): string {
  return period === 'month' ? key.slice(0, 7) : key;
}

import { describe, expect, it } from 'vitest';
import { periodLabel, trendPeriods } from '../../../src/shared/dashboard/trend-periods';

describe('trendPeriods', () => {
  it('counts weeks from Monday in Beijing time, ending with the current week', () => {
    // Sunday 29 November 2026, 17:00 UTC is Monday 30 November 01:00 in Beijing: a new week there.
    expect(trendPeriods(new Date('2026-11-29T17:00:00Z'), 'week', 3)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(trendPeriods(new Date('2026-11-29T15:00:00Z'), 'week', 2)).toEqual(['2026-11-16', '2026-11-23']);
  });

  it('counts calendar months across a year in Beijing time', () => {
    // 31 December 2026, 16:30 UTC is already 1 January 2027 in Beijing.
    expect(trendPeriods(new Date('2026-12-31T16:30:00Z'), 'month', 3)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
    expect(trendPeriods(new Date('2026-03-15T00:00:00Z'), 'month', 4)).toEqual(['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('labels a month by its year and month and a week by its Monday', () => {
    expect(periodLabel('2026-11-01', 'month')).toBe('2026-11');
    expect(periodLabel('2026-11-30', 'week')).toBe('2026-11-30');
  });
});

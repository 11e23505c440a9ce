import { describe, expect, it } from 'vitest';
import { hasDatePassed } from '../../../src/shared/rules/date-passed';
import { windowState } from '../../../src/shared/activity/activity-window';

describe('hasDatePassed (spec §5)', () => {
  const now = new Date('2026-11-22T10:00:00+08:00');

  it('reports whether a date-time has passed', () => {
    expect(hasDatePassed('2026-11-22T09:59:59+08:00', now)).toBe(true);
    expect(hasDatePassed('2026-11-22T10:00:01+08:00', now)).toBe(false);
  });

  it('with plus one day, a day that is still running has not passed', () => {
    const startOfToday = new Date(2026, 10, 22);
    expect(hasDatePassed(startOfToday, new Date(2026, 10, 22, 23))).toBe(true);
    expect(hasDatePassed(startOfToday, new Date(2026, 10, 22, 23), true)).toBe(false);
    expect(hasDatePassed(startOfToday, new Date(2026, 10, 23, 0, 0, 1), true)).toBe(true);
  });

  it('reads a date-only value as the start of that local day', () => {
    expect(hasDatePassed('2026-11-21', new Date(2026, 10, 21, 12), true)).toBe(false);
    expect(hasDatePassed('2026-11-21', new Date(2026, 10, 22, 0, 0, 1), true)).toBe(true);
  });

  it('never reports an unreadable date as passed', () => {
    expect(hasDatePassed('not a date', now)).toBe(false);
  });
});

describe('windowState', () => {
  const window = { opensAt: '2026-11-01T00:00:00+08:00', closesAt: '2026-12-31T23:59:59+08:00' };

  it('is notOpen, open and closed in turn, both ends inclusive', () => {
    expect(windowState(window, new Date('2026-10-31T23:59:59+08:00'))).toBe('notOpen');
    expect(windowState(window, new Date('2026-11-01T00:00:00+08:00'))).toBe('open');
    expect(windowState(window, new Date('2026-12-31T23:59:59+08:00'))).toBe('open');
    expect(windowState(window, new Date('2027-01-01T00:00:00+08:00'))).toBe('closed');
  });
});

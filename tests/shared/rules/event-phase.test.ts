import { describe, expect, it } from 'vitest';
import { beijingMonth, eventPhase } from '../../../src/shared/rules/event-phase';

describe('eventPhase', () => {
  const start = '2026-12-05T01:30:00.000Z'; // 09:30 in Beijing
  const end = '2026-12-05T03:30:00.000Z';

  it('is upcoming before the start, ongoing until the end, ended from the end on', () => {
    expect(eventPhase(start, end, new Date('2026-12-05T01:29:59Z'))).toBe('upcoming');
    expect(eventPhase(start, end, new Date('2026-12-05T01:30:00Z'))).toBe('ongoing');
    expect(eventPhase(start, end, new Date('2026-12-05T03:29:59Z'))).toBe('ongoing');
    expect(eventPhase(start, end, new Date('2026-12-05T03:30:00Z'))).toBe('ended');
  });

  it('compares instants, whatever offset the times are written in', () => {
    expect(eventPhase('2026-12-05T09:30:00+08:00', '2026-12-05T11:30:00+08:00', new Date('2026-12-05T02:00:00Z'))).toBe('ongoing');
  });

  it('takes the start for the end when there is none, and says nothing of a missing or broken start', () => {
    expect(eventPhase(start, undefined, new Date('2026-12-05T01:30:00Z'))).toBe('ended');
    expect(eventPhase(undefined, end, new Date())).toBeUndefined();
    expect(eventPhase('not a time', end, new Date())).toBeUndefined();
  });
});

describe('beijingMonth', () => {
  it('is the month in Beijing, not in UTC', () => {
    expect(beijingMonth('2026-11-30T16:30:00Z')).toBe('2026-12');
    expect(beijingMonth('2026-11-30T15:59:59Z')).toBe('2026-11');
    expect(beijingMonth('')).toBeUndefined();
  });
});

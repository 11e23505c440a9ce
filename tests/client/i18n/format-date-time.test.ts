import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/client/i18n/format-date-time';

describe('formatDateTime', () => {
  it('shows a time to the minute in Beijing time, whatever offset it was written with', () => {
    expect(formatDateTime('2026-11-22T00:05:59Z')).toBe('2026-11-22 08:05');
    expect(formatDateTime('2026-12-31T23:59:59+08:00')).toBe('2026-12-31 23:59');
    expect(formatDateTime('2026-12-31T17:30:00-05:00')).toBe('2027-01-01 06:30');
    expect(formatDateTime(new Date(Date.UTC(2026, 5, 30, 16, 0, 0)))).toBe('2026-07-01 00:00');
  });

  it('does not follow the local time zone: a browser in New York still reads Beijing time', () => {
    const saved = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    try {
      const instant = '2026-03-29T01:30:00Z';
      // The local zone really is another one here…
      expect(new Date(instant).getHours()).toBe(21);
      // …and the portal's times are not in it.
      expect(formatDateTime(instant)).toBe('2026-03-29 09:30');
      expect(formatDateTime(instant, '-', 'second')).toBe('2026-03-29 09:30:00');
      expect(formatDateTime(instant, '-', 'clock')).toBe('09:30');
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
  });

  it('shows the placeholder for no time or an unreadable one', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('', '未设置')).toBe('未设置');
    expect(formatDateTime('not a date')).toBe('-');
  });
});

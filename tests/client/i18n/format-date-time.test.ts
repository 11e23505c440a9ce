import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/client/i18n/format-date-time';

describe('formatDateTime', () => {
  it('shows a time to the minute, in local time', () => {
    expect(formatDateTime('2026-11-22T08:05:59')).toBe('2026-11-22 08:05');
  });

  it('shows the placeholder for no time', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('', '未设置')).toBe('未设置');
  });
});

import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import { CUSTOM_FORMATS } from '../../../src/shared/schema/custom-formats';

describe('date and date-time: dates the code and the database can use (issue 34)', () => {
  const dateTime = CUSTOM_FORMATS['date-time'];
  const date = CUSTOM_FORMATS.date;

  it('refuses year 0, and a moment that is year 0 or past 9999 in UTC, which PostgreSQL refused with a 500', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59Z', '0001-01-01T00:00:00+08:00', '9999-12-31T23:59:59-08:00'])
      expect(dateTime(value), value).toBe(false);
    expect(date('0000-01-01')).toBe(false);
  });

  it('refuses what Date cannot read (a leap second) and what ajv-formats refuses', () => {
    for (const value of ['2026-12-31T23:59:60Z', '2026-12-31T24:00:00Z', '2026-02-29T00:00:00Z', '2026-06-01', ''])
      expect(dateTime(value), value).toBe(false);
    for (const value of ['2026-02-29', '2026-13-01', '10000-01-01', '2026-06-01T00:00:00Z']) expect(date(value), value).toBe(false);
  });

  it('accepts years 0001 to 9999, any offset, fractions of a second', () => {
    for (const value of [
      '0001-01-01T00:00:00Z',
      '0001-01-01T08:00:00+08:00',
      '2026-06-01T08:00:00.123456+08:00',
      '9999-12-31T23:59:59.999Z',
    ])
      expect(dateTime(value), value).toBe(true);
    for (const value of ['0001-01-01', '2028-02-29', '9999-12-31']) expect(date(value), value).toBe(true);
  });

  it('is the rule of every schema the shared ajv compiles: forms as well as routes', () => {
    const validate = createAjv().compile({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } } });
    expect(validate({ at: '0000-01-01T00:00:00Z' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/at', keyword: 'format', params: { format: 'date-time' } });
    expect(validate({ at: '2026-01-01T00:00:00Z' })).toBe(true);
  });
});

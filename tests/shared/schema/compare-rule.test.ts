import { describe, expect, it } from 'vitest';
import { compareHolds, compareKind } from '../../../src/shared/schema/compare-rule';
import type { CompareOp } from '../../../src/shared/schema/json-schema';

describe('compareHolds', () => {
  it('applies each operator as value op other', () => {
    const table: Array<[CompareOp, boolean, boolean, boolean]> = [
      // op, 1 vs 2, 2 vs 2, 3 vs 2
      ['<', true, false, false],
      ['<=', true, true, false],
      ['>', false, false, true],
      ['>=', false, true, true],
      ['==', false, true, false],
      ['!=', true, false, true],
    ];
    for (const [op, less, equal, greater] of table) {
      expect([compareHolds(op, 'number', 1, 2), compareHolds(op, 'number', 2, 2), compareHolds(op, 'number', 3, 2)], op).toEqual([
        less,
        equal,
        greater,
      ]);
    }
  });

  it('orders dates as the calendar does', () => {
    expect(compareHolds('<', 'date', '2024-12-31', '2025-01-01')).toBe(true);
    expect(compareHolds('<', 'date', '2025-01-10', '2025-01-09')).toBe(false);
    expect(compareHolds('==', 'date', '2025-01-10', '2025-01-10')).toBe(true);
  });

  it('compares date-times by instant, whatever the offset is written as', () => {
    expect(compareHolds('==', 'date-time', '2025-03-01T10:00:00+08:00', '2025-03-01T02:00:00Z')).toBe(true);
    expect(compareHolds('==', 'date-time', '2025-03-01t10:00:00+0800', '2025-03-01 02:00:00z')).toBe(true);
    expect(compareHolds('==', 'date-time', '2025-03-01T10:00:00+08', '2025-03-01T02:00:00.000Z')).toBe(true);
    expect(compareHolds('<', 'date-time', '2025-03-01T02:00:00.001Z', '2025-03-01T02:00:00.002Z')).toBe(true);
    expect(compareHolds('>', 'date-time', '2025-02-28T23:30:00-01:00', '2025-03-01T00:15:00Z')).toBe(true);
  });

  it('does not judge an empty value or one not of the kind: other rules speak for them', () => {
    for (const [value, other] of [
      [undefined, 2],
      [2, null],
      ['', '2025-01-01'],
      ['3', 2],
      [Number.NaN, 2],
      [Number.POSITIVE_INFINITY, 2],
    ] as const) {
      expect(compareHolds('<', 'number', value, other)).toBe(true);
      expect(compareHolds('<', 'date', value, other)).toBe(true);
    }
    expect(compareHolds('<', 'date', '2025/03/01', '2025-01-01')).toBe(true);
    // Without an offset the instant depends on the reader's zone, which differs between browser and server.
    expect(compareHolds('<', 'date-time', '2025-03-01T10:00:00', '2025-01-01T00:00:00Z')).toBe(true);
  });
});

describe('compareKind', () => {
  it('is decided by the schema: numbers, dates and date-times only', () => {
    expect(compareKind({ type: 'integer' })).toBe('number');
    expect(compareKind({ type: 'number' })).toBe('number');
    expect(compareKind({ type: 'string', format: 'date' })).toBe('date');
    expect(compareKind({ type: 'string', format: 'date-time' })).toBe('date-time');
    expect(compareKind({ type: 'string' })).toBeUndefined();
    expect(compareKind({ type: ['number', 'null'] })).toBeUndefined();
    expect(compareKind(undefined)).toBeUndefined();
  });
});

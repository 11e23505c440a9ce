import { describe, expect, it } from 'vitest';
import {
  compareErrorParams,
  compareHolds,
  compareKind,
  compareMoment,
  compareRuleFits,
  compareRuleHolds,
} from '../../../src/shared/schema/compare-rule';
import type { CompareOp, CompareRule } from '../../../src/shared/schema/json-schema';

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

describe('compareRuleHolds: a date with today, a date-time with now, in Beijing time', () => {
  const notAfterToday: CompareRule = { op: '<=', today: true };
  const beforeToday: CompareRule = { op: '<', today: true };
  const notAfterNow: CompareRule = { op: '<=', now: true };

  it("takes today as Beijing's calendar date: 16:30Z on 27 November is already the 28th there", () => {
    const now = new Date('2026-11-27T16:30:00Z');
    expect(compareRuleHolds(notAfterToday, 'date', '2026-11-28', {}, now)).toBe(true);
    expect(compareRuleHolds(notAfterToday, 'date', '2026-11-29', {}, now)).toBe(false);
    expect(compareRuleHolds(beforeToday, 'date', '2026-11-27', {}, now)).toBe(true);
    expect(compareRuleHolds(beforeToday, 'date', '2026-11-28', {}, now)).toBe(false);
    expect(compareRuleHolds({ op: '==', today: true }, 'date', '2026-11-28', {}, now)).toBe(true);
  });

  it('turns the day at midnight in Beijing (16:00Z), not at midnight UTC', () => {
    const lastMinute = new Date('2026-11-27T15:59:59.999Z'); // 23:59:59.999 on the 27th in Beijing
    const midnight = new Date('2026-11-27T16:00:00Z'); // 00:00 on the 28th
    expect(compareRuleHolds(notAfterToday, 'date', '2026-11-28', {}, lastMinute)).toBe(false);
    expect(compareRuleHolds(notAfterToday, 'date', '2026-11-28', {}, midnight)).toBe(true);
    // Midnight UTC is 08:00 in Beijing: the same Beijing day (the 29th) on both sides of it.
    for (const at of ['2026-11-28T23:59:00Z', '2026-11-29T00:00:00Z']) {
      expect(compareRuleHolds(notAfterToday, 'date', '2026-11-29', {}, new Date(at)), at).toBe(true);
      expect(compareRuleHolds(notAfterToday, 'date', '2026-11-30', {}, new Date(at)), at).toBe(false);
    }
  });

  it('compares a date-time with the instant, whatever offset it is written in', () => {
    const now = new Date('2026-11-27T16:30:00Z');
    expect(compareRuleHolds(notAfterNow, 'date-time', '2026-11-28T00:30:00+08:00', {}, now)).toBe(true);
    expect(compareRuleHolds(notAfterNow, 'date-time', '2026-11-28T00:30:00.001+08:00', {}, now)).toBe(false);
    expect(compareRuleHolds(notAfterNow, 'date-time', '2026-11-27T16:29:59Z', {}, now)).toBe(true);
    expect(compareRuleHolds({ op: '>', now: true }, 'date-time', '2026-11-27T16:29:59Z', {}, now)).toBe(false);
  });

  it('leaves an empty or malformed value to its own rules, and ignores the siblings', () => {
    const now = new Date('2026-11-27T16:30:00Z');
    for (const value of [undefined, '', '2026/12/01', '2026-13-01x'])
      expect(compareRuleHolds(notAfterToday, 'date', value, { today: '2000-01-01' }, now)).toBe(true);
  });

  it('compares with a sibling as before', () => {
    const now = new Date('2026-11-27T16:30:00Z');
    const rule: CompareRule = { op: '>=', field: 'startDate' };
    expect(compareRuleHolds(rule, 'date', '2025-01-01', { startDate: '2025-01-02' }, now)).toBe(false);
    expect(compareRuleHolds(rule, 'date', '2025-01-02', { startDate: '2025-01-02' }, now)).toBe(true);
    expect(compareRuleHolds(rule, 'date', '2025-01-01', {}, now)).toBe(true);
  });

  it('fits a moment only to its own kind of field, and names it in the params', () => {
    expect(compareRuleFits(notAfterToday, 'date')).toBe(true);
    expect(compareRuleFits(notAfterToday, 'date-time')).toBe(false);
    expect(compareRuleFits(notAfterNow, 'date-time')).toBe(true);
    expect(compareRuleFits(notAfterNow, 'date')).toBe(false);
    expect(compareRuleFits(notAfterNow, 'number')).toBe(false);
    expect(compareRuleFits({ op: '<', field: 'a' }, 'number')).toBe(true);
    expect(compareMoment(notAfterToday)).toBe('today');
    expect(compareMoment({ op: '<', field: 'a' })).toBeUndefined();
    expect(compareErrorParams(notAfterNow, undefined, 'zh-CN')).toEqual({ comparison: '<=', moment: 'now' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { toFieldErrors } from '../../../src/shared/schema/to-field-errors';
import { COMPARE_SCHEMA } from '../../fixtures/compare-schema';

const validate = createAjv({ checked: true }).compile(COMPARE_SCHEMA);

/** The server's verdict: pruned as the write pipeline prunes, then ajv and toFieldErrors. */
function serverErrors(data: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  validate(pruneEmpty(data));
  return toFieldErrors(validate.errors, COMPARE_SCHEMA, locale);
}

describe('x-compare on the server (ajv keyword through toFieldErrors)', () => {
  it("puts the error on the field carrying the rule, with the author's message in each locale", () => {
    expect(serverErrors({ startDate: '2025-03-01', endDate: '2025-02-28' })).toEqual([
      {
        path: 'endDate',
        keyword: 'x-compare',
        params: { comparison: '>=', field: 'startDate', fieldTitle: '开始日期' },
        message: '结束日期不得早于开始日期',
      },
    ]);
    expect(serverErrors({ startDate: '2025-03-01', endDate: '2025-02-28' }, 'en-US')).toEqual([
      {
        path: 'endDate',
        keyword: 'x-compare',
        params: { comparison: '>=', field: 'startDate', fieldTitle: 'Start date' },
        message: 'The end date cannot be before the start date',
      },
    ]);
    expect(serverErrors({ startDate: '2025-03-01', endDate: '2025-03-01' })).toEqual([]);
  });

  it("gives the catalogue's default message naming the other field when the author wrote none", () => {
    expect(serverErrors({ total: 100, subsidy: 100.5 }).map((e) => e.message)).toEqual(['不能大于「总投资（万元）」']);
    expect(serverErrors({ total: 100, subsidy: 100.5 }, 'en-US').map((e) => e.message)).toEqual([
      'Must not be greater than "Total investment"',
    ]);
    expect(serverErrors({ total: 100, subsidy: 100 })).toEqual([]);
    expect(serverErrors({ opensAt: '2025-03-01T10:00:00+08:00', closesAt: '2025-03-01T10:00:00+08:00' }).map((e) => e.message)).toEqual([
      '应晚于「开始时间」',
    ]);
  });

  it('does not fire while either side is empty: required is its own rule', () => {
    expect(serverErrors({ endDate: '2025-01-01' })).toEqual([]);
    expect(serverErrors({ startDate: '2025-03-01' })).toEqual([]);
    expect(serverErrors({ startDate: '2025-03-01', endDate: '' })).toEqual([]);
    expect(serverErrors({ startDate: '', endDate: '2025-01-01', total: 5, subsidy: null })).toEqual([]);
  });

  it('leaves a malformed value to its format rule: one message per field', () => {
    expect(serverErrors({ startDate: '2025-03-01', endDate: '2025/01/01' })).toMatchObject([{ path: 'endDate', keyword: 'format' }]);
    // Looks like a date, and is before the start, but does not exist: the format speaks, not x-compare.
    expect(serverErrors({ startDate: '2025-03-01', endDate: '2025-02-30' })).toMatchObject([
      { path: 'endDate', keyword: 'format', message: '请输入正确的日期' },
    ]);
  });

  it('compares date-times as instants, across offsets', () => {
    // 10:00 in Beijing is 02:00 UTC: 03:00Z is after it although its text sorts before.
    expect(serverErrors({ opensAt: '2025-03-01T10:00:00+08:00', closesAt: '2025-03-01T03:00:00Z' })).toEqual([]);
    expect(serverErrors({ opensAt: '2025-03-01T10:00:00+08:00', closesAt: '2025-03-01T01:59:59.999Z' })).toMatchObject([
      { path: 'closesAt', keyword: 'x-compare' },
    ]);
  });

  it('compares the fields of the same row of a table', () => {
    const errors = serverErrors({
      stages: [{ from: '2025-01-01', to: '2025-02-01' }, { from: '2025-03-01', to: '2025-03-01' }, { from: '2025-04-01' }],
    });
    expect(errors).toEqual([
      { path: 'stages.1.to', keyword: 'x-compare', params: { comparison: '>', field: 'from', fieldTitle: '起' }, message: '应晚于「起」' },
    ]);
  });

  it('refuses to compile a rule on a field that is neither a number nor a date', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string', 'x-compare': { op: '<', field: 'a' } } } };
    expect(() => createAjv().compile(schema)).toThrow(/x-compare needs a number field/);
  });

  it("checks the rule's own shape with the vocabulary (unknown op)", () => {
    const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number', 'x-compare': { op: '=<', field: 'a' } } } };
    expect(() => createAjv().compile(schema)).toThrow(/x-compare/);
  });
});

describe('x-compare with today or now on the server', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      foundedOn: { type: 'string', format: 'date', title: '成立日期', 'x-compare': { op: '<=', today: true } },
      heldAt: {
        type: 'string',
        format: 'date-time',
        'x-compare': { op: '<', now: true, message: { 'zh-CN': '举办时间应早于现在', 'en-US': 'Must be in the past' } },
      },
    },
  };
  const check = createAjv().compile(schema);
  const errors = (data: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
    check(data);
    return toFieldErrors(check.errors, schema, locale);
  };
  afterEach(() => vi.useRealTimers());

  it("judges today by the clock's date in Beijing, with the moment in the params", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 00:30 on 28 November in Beijing.
    vi.setSystemTime(new Date('2026-11-27T16:30:00Z'));
    expect(errors({ foundedOn: '2026-11-28' })).toEqual([]);
    expect(errors({ foundedOn: '2026-11-29' })).toEqual([
      { path: 'foundedOn', keyword: 'x-compare', params: { comparison: '<=', moment: 'today' }, message: '不得晚于今天' },
    ]);
    expect(errors({ foundedOn: '2026-11-29' }, 'en-US').map((error) => error.message)).toEqual(['Must not be after today']);
  });

  it("judges now by the clock's instant, in the author's words", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T16:30:00Z'));
    expect(errors({ heldAt: '2026-11-28T00:29:59+08:00' })).toEqual([]);
    expect(errors({ heldAt: '2026-11-28T00:30:00+08:00' }).map((error) => error.message)).toEqual(['举办时间应早于现在']);
    expect(errors({ heldAt: '2026-11-28T00:30:00+08:00' }, 'en-US').map((error) => error.message)).toEqual(['Must be in the past']);
  });

  it('refuses to compile a moment on the wrong kind of field, or a rule with no other side', () => {
    const misfit = { type: 'object', properties: { at: { type: 'string', format: 'date-time', 'x-compare': { op: '<', today: true } } } };
    expect(() => createAjv().compile(misfit)).toThrow(/today \(format date\)/);
    const none = { type: 'object', properties: { at: { type: 'string', format: 'date', 'x-compare': { op: '<' } } } };
    expect(() => createAjv().compile(none)).toThrow(/x-compare needs one of field, today/);
  });
});

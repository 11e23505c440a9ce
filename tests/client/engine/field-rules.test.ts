import { createForm } from '@formily/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { buildFieldRules, UnsupportedRuleError } from '../../../src/client/engine/field-rules';
import { validateValues } from '../../../src/client/engine/validate-values';
import { validationMessage } from '../../../src/shared/i18n/validation-message';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { toFieldErrors } from '../../../src/shared/schema/to-field-errors';
import { COMPARE_SCHEMA } from '../../fixtures/compare-schema';

const node: JsonSchema = { type: 'string', title: '项目编号', maxLength: 5, pattern: '^[0-9]+$' };

/** The messages the field's function rules give for a value, as Formily would show them. */
function messages(value: unknown): string[] {
  return buildFieldRules(node, { required: false, locale: 'zh-CN', fieldPath: 'code' })
    .map((rule) => ('validator' in rule ? rule.validator(value) : ''))
    .filter((message) => message !== '');
}

describe('buildFieldRules', () => {
  it('shows one message when a length and a pattern both fail: the pattern, as the server gives it', () => {
    expect(messages('abcdefgh')).toEqual([validationMessage('pattern', { pattern: '^[0-9]+$' }, node, 'zh-CN')]);
    expect(messages('1234567')).toEqual([validationMessage('maxLength', { limit: 5 }, node, 'zh-CN')]);
    expect(messages('123')).toEqual([]);
    expect(messages(undefined)).toEqual([]);
  });
});

describe('buildFieldRules with x-compare', () => {
  const siblings = COMPARE_SCHEMA.properties ?? {};

  /** The field's function rule, asked as Formily asks it: with the field, whose siblings it reads. */
  function judge(name: string, values: Record<string, unknown>, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string {
    const node = siblings[name]!;
    const form = createForm({ values });
    const field = form.createField({ name });
    const rule = buildFieldRules(node, { required: false, locale, fieldPath: name, siblings }).find((r) => 'validator' in r);
    return rule && 'validator' in rule ? rule.validator(values[name], rule, { field }) : '';
  }

  it("gives the author's message, or the default naming the other field, in each locale", () => {
    expect(judge('endDate', { startDate: '2025-03-02', endDate: '2025-03-01' })).toBe('结束日期不得早于开始日期');
    expect(judge('endDate', { startDate: '2025-03-02', endDate: '2025-03-01' }, 'en-US')).toBe(
      'The end date cannot be before the start date',
    );
    expect(judge('subsidy', { total: 10, subsidy: 12 })).toBe('不能大于「总投资（万元）」');
    expect(judge('subsidy', { total: 10, subsidy: 12 }, 'en-US')).toBe('Must not be greater than "Total investment"');
    expect(judge('subsidy', { total: 10, subsidy: 10 })).toBe('');
  });

  it("asks the field's own rules first, as the server ranks them, and stays silent while a side is empty", () => {
    expect(judge('subsidy', { total: -5, subsidy: -1 })).toBe(validationMessage('minimum', { limit: 0 }, siblings['subsidy'], 'zh-CN'));
    expect(judge('endDate', { startDate: '2025-03-02', endDate: '2025-02-30' })).toBe('请输入正确的日期');
    expect(judge('endDate', { endDate: '2025-03-01' })).toBe('');
    expect(judge('endDate', { startDate: '2025-03-02' })).toBe('');
  });

  it('refuses a rule it cannot judge instead of dropping it', () => {
    expect(() =>
      buildFieldRules(
        { type: 'string', 'x-compare': { op: '<', field: 'a' } },
        { required: false, locale: 'zh-CN', fieldPath: 'b', siblings: { a: { type: 'string' } } },
      ),
    ).toThrow(UnsupportedRuleError);
    expect(() =>
      buildFieldRules(
        { type: 'number', 'x-compare': { op: '<', field: 'a' } },
        { required: false, locale: 'zh-CN', fieldPath: 'b', siblings: {} },
      ),
    ).toThrow(/not a property of the same object/);
  });
});

describe('buildFieldRules for a required array (issue 17)', () => {
  const files: JsonSchema = { type: 'array', title: '附件', minItems: 2, items: { type: 'string' } };

  /** What the array's function rule says, asked with a field as Formily asks it. */
  function judge(value: unknown, opts: { required: boolean; conditional?: boolean; requiredNow?: () => boolean }): string {
    const form = createForm();
    const field = form.createArrayField({ name: 'files' });
    const rules = buildFieldRules(files, { ...opts, locale: 'zh-CN', fieldPath: 'files' });
    // No Formily required rule: it would call [null] empty, which pruneEmpty keeps.
    expect(rules.some((rule) => 'required' in rule)).toBe(false);
    return rules.map((rule) => ('validator' in rule ? rule.validator(value, rule, { field }) : '')).join('');
  }

  it('says required for absent and [], minItems only for a list with too few items', () => {
    expect(judge(undefined, { required: true })).toBe('请选择');
    expect(judge([], { required: true })).toBe('请选择');
    expect(judge(['a'], { required: true })).toBe('至少需要2项');
    expect(judge(['a', 'b'], { required: true })).toBe('');
  });

  it('lets an optional array be empty, minItems and all', () => {
    expect(judge([], { required: false })).toBe('');
    expect(judge(['a'], { required: false })).toBe('至少需要2项');
  });

  it('asks a conditional array whether it is required now', () => {
    expect(judge([], { required: false, conditional: true, requiredNow: () => true })).toBe('请选择');
    expect(judge([], { required: false, conditional: true, requiredNow: () => false })).toBe('');
  });
});

describe('buildFieldRules with x-compare against today or now', () => {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      foundedOn: {
        type: 'string',
        format: 'date',
        title: '成立日期',
        'x-compare': {
          op: '<=',
          today: true,
          message: { 'zh-CN': '成立日期不能晚于今天', 'en-US': 'The founding date cannot be after today' },
        },
      },
      heldAt: { type: 'string', format: 'date-time', title: '举办时间', 'x-compare': { op: '<', now: true } },
    },
  };
  const siblings = schema.properties ?? {};
  const serverCheck = createAjv().compile(schema);
  afterEach(() => vi.useRealTimers());

  /** The Formily rule's message, asked as Formily asks it, with the field. */
  function judge(name: string, value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string {
    const field = createForm({ values: { [name]: value } }).createField({ name });
    const rule = buildFieldRules(siblings[name]!, { required: false, locale, fieldPath: name, siblings }).find((r) => 'validator' in r);
    return rule && 'validator' in rule ? rule.validator(value, rule, { field }) : '';
  }

  /** The server's message for the same value: its ajv keyword through toFieldErrors. */
  function server(name: string, value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string {
    serverCheck({ [name]: value });
    return toFieldErrors(serverCheck.errors, schema, locale)[0]?.message ?? '';
  }

  it("refuses a date after Beijing's today, as the server and the whole-record verdict do, around Beijing midnight", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:59 on 27 November in Beijing, then 00:30 on the 28th (16:30Z on the 27th).
    vi.setSystemTime(new Date('2026-11-27T15:59:00Z'));
    expect(judge('foundedOn', '2026-11-28')).toBe('成立日期不能晚于今天');
    expect(server('foundedOn', '2026-11-28')).toBe('成立日期不能晚于今天');
    expect(validateValues(schema, { foundedOn: '2026-11-28' }, 'zh-CN').map((error) => error.message)).toEqual(['成立日期不能晚于今天']);
    vi.setSystemTime(new Date('2026-11-27T16:30:00Z'));
    for (const ask of [judge, server]) {
      expect(ask('foundedOn', '2026-11-28')).toBe('');
      expect(ask('foundedOn', '2026-11-29', 'en-US')).toBe('The founding date cannot be after today');
    }
    expect(validateValues(schema, { foundedOn: '2026-11-28' }, 'zh-CN')).toEqual([]);
  });

  it('refuses a date-time not before now with the default wording, and stays silent on an empty value', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T16:30:00Z'));
    expect(judge('heldAt', '2026-11-28T00:30:00+08:00')).toBe('应早于当前时间');
    expect(judge('heldAt', '2026-11-28T00:30:00+08:00', 'en-US')).toBe('Must be before the current time');
    expect(server('heldAt', '2026-11-28T00:30:00+08:00')).toBe('应早于当前时间');
    expect(judge('heldAt', '2026-11-28T00:29:00+08:00')).toBe('');
    expect(judge('heldAt', '')).toBe('');
  });

  it('compiles the field with its rule and no reaction to a sibling', () => {
    const compiled = compileSchema(schema, { locale: 'zh-CN' });
    const foundedOn = (compiled.properties as Record<string, Record<string, unknown>>)['foundedOn'];
    expect(foundedOn?.['x-validator']).toHaveLength(1);
    expect(foundedOn?.['x-reactions']).toBeUndefined();
    expect(() =>
      buildFieldRules(
        { type: 'string', format: 'date-time', 'x-compare': { op: '<', today: true } },
        { required: false, locale: 'zh-CN', fieldPath: 'at', siblings: {} },
      ),
    ).toThrow(UnsupportedRuleError);
  });
});

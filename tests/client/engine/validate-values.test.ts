import { describe, expect, it } from 'vitest';
import { validateValues } from '../../../src/client/engine/validate-values';
import { UnsupportedRuleError } from '../../../src/client/engine/schema-checks';
import { UnsupportedConditionError } from '../../../src/shared/schema/conditions';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { ACTIVITY_SAMPLES, USCC_SAMPLES } from '../../fixtures/activity-samples';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const stepSchema = (activity: string, step: string): JsonSchema =>
  JSON.parse(readFileSync(join(process.cwd(), 'schemas', 'activities', activity, `${step}.schema.json`), 'utf8')) as JsonSchema;

const paths = (schema: JsonSchema, data: unknown): string[] =>
  validateValues(schema, data, 'zh-CN')
    .map((e) => e.path)
    .sort();

describe('validateValues on the seeded samples', () => {
  for (const [activity, sample] of Object.entries(ACTIVITY_SAMPLES)) {
    it(`${activity}: accepts every step of the valid application`, () => {
      for (const [step, data] of Object.entries(sample.valid))
        expect(validateValues(stepSchema(activity, step), data, 'zh-CN'), step).toEqual([]);
    });

    it(`${activity}: rejects exactly the broken fields of each invalid step`, () => {
      for (const { step, data, paths: expected } of sample.invalid)
        expect(paths(stepSchema(activity, step), data), step).toEqual([...expected].sort());
    });
  }

  it('covers every seeded folder', () => {
    const folders = readdirSync(join(process.cwd(), 'schemas', 'activities'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(Object.keys(ACTIVITY_SAMPLES).sort()).toEqual(folders.map((e) => e.name).sort());
  });
});

describe('validateValues', () => {
  const members: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['members'],
    properties: {
      members: {
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 3 },
            phone: { type: 'string', format: 'mobile' },
            role: { type: 'string', enum: ['a', 'b'] },
          },
        },
      },
    },
  };

  it('walks arrays of objects with dotted paths and the shared messages', () => {
    const errors = validateValues(members, { members: [{ name: '张三四五', phone: '123', role: 'c' }, { phone: '13800138000' }] }, 'zh-CN');
    expect(errors.map((e) => [e.path, e.keyword, e.message])).toEqual([
      ['members.0.name', 'maxLength', '最多输入3个字符'],
      ['members.0.phone', 'format', '请输入正确的手机号码'],
      ['members.0.role', 'enum', '请选择有效的选项'],
      ['members.1.name', 'required', '请输入'],
    ]);
  });

  it('checks the row count with the shared messages', () => {
    // An empty list is not filled in (ADR 0001, issue 17): pruned like '', so `required` speaks, not minItems.
    expect(validateValues(members, { members: [] }, 'zh-CN').map((e) => `${e.keyword} ${e.message}`)).toEqual(['required 请选择']);
    const twoOrMore: JsonSchema = { ...members, properties: { members: { ...members.properties!['members']!, minItems: 2 } } };
    expect(validateValues(twoOrMore, { members: [{ name: 'a' }] }, 'zh-CN').map((e) => e.message)).toEqual(['至少需要2项']);
    expect(validateValues(members, { members: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }, 'zh-CN').map((e) => e.message)).toEqual([
      '最多只能有2项',
    ]);
    expect(validateValues(members, {}, 'en-US').map((e) => [e.path, e.keyword])).toEqual([['members', 'required']]);
  });

  it('prunes and cleans like the submit pipeline: empty strings are absent, ArrayTable index keys are gone', () => {
    const data = { members: [{ name: '', __DO_NOT_USE_THIS_PROPERTY_index__: 0 }] };
    expect(validateValues(members, data, 'zh-CN').map((e) => `${e.path} ${e.keyword}`)).toEqual(['members.0.name required']);
  });

  it('reports wrong types, and unknown fields, like ajv', () => {
    expect(paths(members, { members: 'x' })).toEqual(['members']);
    expect(validateValues(members, { members: [{ name: 1 }], extra: true }, 'zh-CN').map((e) => `${e.path} ${e.keyword}`)).toEqual([
      'members.0.name type',
      'extra additionalProperties',
    ]);
  });

  const conditional: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['registered'],
    properties: {
      registered: { type: 'boolean', enum: [true, false] },
      creditCode: { type: 'string', format: 'uscc' },
      reason: { type: 'string', maxLength: 5 },
    },
    if: { properties: { registered: { const: true } }, required: ['registered'] },
    then: { required: ['creditCode'], properties: { creditCode: { minLength: 18 } } },
    else: { properties: { reason: {} } },
  };

  it('requires a then-field only while the if holds, and applies the branch rules', () => {
    expect(paths(conditional, { registered: true })).toEqual(['creditCode']);
    expect(paths(conditional, { registered: true, creditCode: USCC_SAMPLES.valid[0] })).toEqual([]);
    expect(
      validateValues(conditional, { registered: true, creditCode: USCC_SAMPLES.wrongCheckChar[0] }, 'zh-CN').map((e) => e.keyword),
    ).toEqual(['format']);
    // Too short and of the wrong form: one message, the form's, as the server gives it.
    expect(validateValues(conditional, { registered: true, creditCode: '9' }, 'zh-CN').map((e) => e.keyword)).toEqual(['format']);
    expect(paths(conditional, { registered: false })).toEqual([]);
  });

  it('does not check a hidden field, as the form does not', () => {
    // creditCode is hidden while registered is false; reason is hidden while it is true.
    expect(paths(conditional, { registered: false, creditCode: 'bad' })).toEqual([]);
    expect(paths(conditional, { registered: true, creditCode: USCC_SAMPLES.valid[0], reason: 'far too long' })).toEqual([]);
    expect(paths(conditional, { registered: false, reason: 'far too long' })).toEqual(['reason']);
  });

  it('checks file references through their shared schema', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { files: { type: 'array', maxItems: 2, items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' } } },
    };
    const ref = { id: '9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', name: 'a.pdf', size: 10, type: 'pdf' };
    expect(paths(schema, { files: [ref] })).toEqual([]);
    expect(paths(schema, { files: [{ ...ref, size: 0, type: 'exe' }, { name: 'b.pdf' }] })).toEqual([
      'files.0.size',
      'files.0.type',
      'files.1.id',
      'files.1.size',
      'files.1.type',
    ]);
  });

  it('refuses a schema it cannot judge instead of skipping the rule', () => {
    expect(() => validateValues({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } }, { a: 'x' }, 'zh-CN')).toThrow(
      UnsupportedRuleError,
    );
    expect(() => validateValues({ type: 'object', properties: { a: { $ref: '#/definitions/x' } } }, { a: 'x' }, 'zh-CN')).toThrow(
      /unknown \$ref/,
    );
    const badIf: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      if: { properties: { a: { minLength: 2 } }, required: ['a'] },
      then: { required: ['a'] },
    };
    expect(() => validateValues(badIf, {}, 'zh-CN')).toThrow(UnsupportedConditionError);
  });
});

import { describe, expect, it } from 'vitest';
import messageSchema from '../../../schemas/forms/message.schema.json';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';
import { toFieldErrors } from '../../../src/shared/schema/to-field-errors';
import { keywordRank } from '../../../src/shared/schema/first-error-per-field';

const validate = createAjv().compile(messageSchema);
const errorsFor = (data: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN') => {
  validate(pruneEmpty(data));
  return toFieldErrors(validate.errors, messageSchema as JsonSchema, locale);
};

describe('toFieldErrors', () => {
  it('puts each error on its field with the spec wording', () => {
    const errors = errorsFor({ theme: 'x'.repeat(51), name: '', email: 'a@', unknown: 1 });
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(byPath).toEqual({
      messageType: '请选择',
      name: '请输入',
      phone: '请输入',
      code: '请输入',
      unknown: '不允许提交未定义的字段：unknown',
      theme: '最多输入50个字符',
      email: '请输入正确的邮箱地址',
    });
    expect(errors.find((e) => e.path === 'theme')).toMatchObject({ keyword: 'maxLength', params: { limit: 50 } });
  });

  it('speaks English when asked', () => {
    const errors = errorsFor({ messageType: '1', name: 'n', phone: 'p', code: 'c', theme: 'x'.repeat(51) }, 'en-US');
    expect(errors).toEqual([{ path: 'theme', keyword: 'maxLength', params: { limit: 50 }, message: 'At most 50 characters' }]);
  });

  it('maps nested array paths and skips the if wrapper of a conditional rule', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        hasPatents: { type: 'string', enum: ['yes', 'no'] },
        patents: { type: 'array', items: { type: 'object', properties: { no: { type: 'string', maxLength: 3 } } } },
      },
      if: { properties: { hasPatents: { const: 'yes' } }, required: ['hasPatents'] },
      then: { required: ['patents'] },
    };
    const check = createAjv().compile(schema);
    check({ hasPatents: 'yes' });
    expect(toFieldErrors(check.errors, schema as JsonSchema, 'zh-CN')).toEqual([
      { path: 'patents', keyword: 'required', params: { missingProperty: 'patents' }, message: '请选择' },
    ]);
    check({ patents: [{ no: 'abcd' }] });
    expect(toFieldErrors(check.errors, schema as JsonSchema, 'zh-CN')).toEqual([
      { path: 'patents.0.no', keyword: 'maxLength', params: { limit: 3 }, message: '最多输入3个字符' },
    ]);
  });
});

describe('one message per field', () => {
  it('gives a field that fails a length and a pattern one error, the pattern, in the browser order too', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', maxLength: 5, pattern: '^[0-9]+$' } } } as const;
    const check = createAjv().compile(schema);
    expect(check({ code: 'abcdefgh' })).toBe(false);
    // ajv reports both rules…
    expect(new Set((check.errors ?? []).map((error) => error.keyword))).toEqual(new Set(['maxLength', 'pattern']));
    // …the field gets one.
    expect(toFieldErrors(check.errors, schema as JsonSchema, 'zh-CN').map((error) => [error.path, error.keyword])).toEqual([
      ['code', 'pattern'],
    ]);
    expect(keywordRank('pattern')).toBeLessThan(keywordRank('maxLength'));
  });
});

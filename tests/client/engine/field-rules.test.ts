import { describe, expect, it } from 'vitest';
import { buildFieldRules } from '../../../src/client/engine/field-rules';
import { validationMessage } from '../../../src/shared/i18n/validation-message';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

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

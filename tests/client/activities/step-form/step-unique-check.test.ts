import type { ISchema } from '@formily/react';
import { describe, expect, it, vi } from 'vitest';
import { withUniqueChecks } from '../../../../src/client/activities/step-form/step-unique-check';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';

type Rule = { triggerType?: string; validator?: (value: unknown) => Promise<string> | string };

const canonical: JsonSchema = {
  type: 'object',
  properties: { leadProjectName: { type: 'string', 'x-unique': true }, other: { type: 'string' } },
};
const compiled: ISchema = {
  type: 'object',
  properties: { leadProjectName: { type: 'string', 'x-validator': [{ required: true, message: '请输入' }] }, other: { type: 'string' } },
};

const uniqueRule = (schema: ISchema): Rule => {
  const rules = (schema.properties as Record<string, ISchema>)['leadProjectName']!['x-validator'] as Rule[];
  return rules[rules.length - 1]!;
};

describe('x-unique on blur', () => {
  it('asks the server on blur and says 该名称已存在 when the name is taken', async () => {
    const check = vi.fn(async (_field: string, value: string) => value === '已被使用的名称');
    const schema = withUniqueChecks(compiled, canonical, check, '该名称已存在');
    const rule = uniqueRule(schema);
    expect(rule.triggerType).toBe('onBlur');
    expect(await rule.validator!('已被使用的名称')).toBe('该名称已存在');
    expect(await rule.validator!('新名称')).toBe('');
    expect(check).toHaveBeenCalledWith('leadProjectName', '新名称');
    // The field's own rules stay, and other fields get no check.
    expect(((schema.properties as Record<string, ISchema>)['leadProjectName']!['x-validator'] as Rule[]).length).toBe(2);
    expect((schema.properties as Record<string, ISchema>)['other']!['x-validator']).toBeUndefined();
  });

  it('blocks nothing when the check fails or the field is empty', async () => {
    const check = vi.fn(async () => {
      throw new Error('offline');
    });
    const rule = uniqueRule(withUniqueChecks(compiled, canonical, check, '该名称已存在'));
    expect(await rule.validator!('名称')).toBe('');
    expect(await rule.validator!('')).toBe('');
    expect(check).toHaveBeenCalledTimes(1);
  });
});

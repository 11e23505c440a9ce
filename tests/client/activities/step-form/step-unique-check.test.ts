import type { ISchema } from '@formily/react';
import { describe, expect, it, vi } from 'vitest';
import { withUniqueChecks } from '../../../../src/client/activities/step-form/step-unique-check';
import { compileSchema } from '../../../../src/client/engine/compile-schema';
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

describe('x-unique on a table column', () => {
  const table = (component: 'ArrayTable' | 'ArrayCards'): JsonSchema => ({
    type: 'object',
    properties: {
      projects: {
        type: 'array',
        'x-component': component,
        items: { type: 'object', properties: { name: { type: 'string', 'x-unique': true }, leader: { type: 'string' } } },
      },
    },
  });
  const rows = [{ name: '甲项目' }, { name: ' 乙项目' }, { name: '甲项目 ' }];
  // What Formily hands a cell's validator: the cell (step key first, then table, row, column) and its form.
  const context = (row: number) => ({
    field: { path: { segments: ['projects', 'projects', row, 'name'] } },
    form: { getValuesIn: (path: Array<string | number>) => (path.join('.') === 'projects.projects' ? rows : undefined) },
  });
  type CellRule = { triggerType?: string; validator?: (value: unknown, rule: unknown, ctx: ReturnType<typeof context>) => Promise<string> };

  it.each([
    // An ArrayTable cell sits in a void column node of its own name; an ArrayCards row holds the cell.
    ['ArrayTable', (items: Record<string, ISchema>) => (items['name']!.properties as Record<string, ISchema>)['name']!],
    ['ArrayCards', (items: Record<string, ISchema>) => items['name']!],
  ] as const)('checks each %s row: an earlier row of the table, then the server for that row', async (component, cellOf) => {
    const canonicalTable = table(component);
    const compiledTable = compileSchema(canonicalTable, { locale: 'zh-CN' });
    const check = vi.fn(async (_path: string, value: string) => value === '乙项目');
    const schema = withUniqueChecks(compiledTable, canonicalTable, check, '该名称已存在');
    const items = ((schema.properties as Record<string, ISchema>)['projects']!.items as ISchema).properties as Record<string, ISchema>;
    const rules = cellOf(items)['x-validator'] as CellRule[];
    const rule = rules[rules.length - 1]!;
    expect(rule.triggerType).toBe('onBlur');
    // Row 2 repeats row 0 (spaces aside): refused without asking.
    expect(await rule.validator!('甲项目 ', undefined, context(2))).toBe('该名称已存在');
    expect(check).not.toHaveBeenCalled();
    // Row 0 is the first to hold it: the server answers for the cell's own path.
    expect(await rule.validator!('甲项目', undefined, context(0))).toBe('');
    expect(check).toHaveBeenLastCalledWith('projects.0.name', '甲项目');
    expect(await rule.validator!('乙项目', undefined, context(1))).toBe('该名称已存在');
    expect(check).toHaveBeenLastCalledWith('projects.1.name', '乙项目');
    // The other column gets no check.
    const leader = component === 'ArrayTable' ? (items['leader']!.properties as Record<string, ISchema>)['leader']! : items['leader']!;
    expect(leader['x-validator']).toBeUndefined();
  });
});

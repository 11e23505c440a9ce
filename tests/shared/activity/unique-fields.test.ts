import { describe, expect, it } from 'vitest';
import { uniqueFieldAt, uniqueFields, uniqueText, uniqueValuesOf } from '../../../src/shared/activity/unique-fields';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const step: JsonSchema = {
  type: 'object',
  properties: {
    projects: {
      type: 'array',
      'x-component': 'ArrayTable',
      items: { type: 'object', properties: { name: { type: 'string', 'x-unique': true }, leader: { type: 'string' } } },
    },
    leadProjectName: { type: 'string', 'x-unique': true },
    note: { type: 'string' },
  },
};

describe('unique fields of a step', () => {
  it('lists top-level fields first, then table columns with * for the row', () => {
    expect(uniqueFields(step).map(({ path, property, column }) => ({ path, property, column }))).toEqual([
      { path: 'leadProjectName', property: 'leadProjectName', column: undefined },
      { path: 'projects.*.name', property: 'projects', column: 'name' },
    ]);
  });

  it.each([
    ['leadProjectName', 'leadProjectName'],
    ['projects.0.name', 'projects.*.name'],
    ['projects.17.name', 'projects.*.name'],
    ['projects.*.name', 'projects.*.name'],
    ['projects.0.leader', undefined],
    ['projects.name', undefined],
    ['projects', undefined],
    ['note', undefined],
    ['leadProjectName.0.x', undefined],
  ])('finds the field a lookup names (%s)', (path, expected) => {
    expect(uniqueFieldAt(step, path)?.path).toBe(expected);
  });

  it('reads every filled-in value with its own path, compared without surrounding spaces', () => {
    const table = uniqueFieldAt(step, 'projects.*.name')!;
    const data = {
      leadProjectName: '  牵头项目 ',
      projects: [{ name: '甲' }, { leader: '张三' }, { name: '   ' }, { name: ' 乙 ' }, null, 'x'],
    };
    expect(uniqueValuesOf(table, data)).toEqual([
      { path: 'projects.0.name', value: '甲' },
      { path: 'projects.3.name', value: '乙' },
    ]);
    expect(uniqueValuesOf(uniqueFieldAt(step, 'leadProjectName')!, data)).toEqual([{ path: 'leadProjectName', value: '牵头项目' }]);
    expect(uniqueValuesOf(table, undefined)).toEqual([]);
    expect(uniqueValuesOf(table, { projects: '甲' })).toEqual([]);
  });

  it('trims spaces only, as PostgreSQL btrim does', () => {
    expect(uniqueText('  名称 ')).toBe('名称');
    expect(uniqueText('\t名称\u3000')).toBe('\t名称\u3000');
  });
});

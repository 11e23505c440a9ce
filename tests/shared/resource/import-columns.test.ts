import { describe, expect, it } from 'vitest';
import { cellValue, columnLetter, columnOfHeading, importColumns } from '../../../src/shared/resource/import-columns';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const record: JsonSchema = {
  type: 'object',
  required: ['name', 'kind'],
  properties: {
    photo: { type: 'array', 'x-component': 'Upload', 'x-order': 0 },
    kind: { type: 'string', title: '类型', 'x-dict': 'kind', 'x-order': 2, 'x-locale': { 'en-US': { title: 'Kind' } } },
    name: { type: 'string', title: '名称', 'x-order': 1 },
    level: { type: 'string', title: '级别', enum: ['a', 'b'], 'x-enum-labels': ['甲', '乙'], 'x-order': 3 },
    amount: { type: 'number', title: '金额', 'x-order': 4 },
    count: { type: 'integer', title: '数量', 'x-order': 5 },
    open: { type: 'boolean', title: '是否公开', 'x-order': 6 },
    day: { type: 'string', title: '日期', format: 'date', 'x-order': 7 },
    team: { type: 'array', title: '成员', items: { type: 'object' }, 'x-order': 8 },
    code: { type: 'string', title: '验证码', 'x-component': 'Captcha', 'x-order': 9 },
  },
};

describe('importColumns', () => {
  it('takes the typeable top-level fields in x-order, with their kind and whether they are required', () => {
    expect(importColumns(record).map(({ field, kind, required }) => [field, kind, required])).toEqual([
      ['name', 'text', true],
      ['kind', 'choice', true],
      ['level', 'choice', false],
      ['amount', 'number', false],
      ['count', 'integer', false],
      ['open', 'boolean', false],
      ['day', 'date', false],
    ]);
    expect(importColumns(record).find((column) => column.field === 'level')?.options).toEqual([
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ]);
  });

  it("finds a column by its title in either language or by its field name, with or without the template's *", () => {
    const columns = importColumns(record);
    expect(columnOfHeading(columns, '*类型')?.field).toBe('kind');
    expect(columnOfHeading(columns, ' Kind ')?.field).toBe('kind');
    expect(columnOfHeading(columns, 'amount')?.field).toBe('amount');
    expect(columnOfHeading(columns, '备注')).toBeUndefined();
  });
});

describe('cellValue', () => {
  const column = (field: string) => importColumns(record).find((candidate) => candidate.field === field)!;
  const choices = [{ value: 'p', labels: ['科研人员', 'Researcher'] }];

  it("turns cells into the record's values, and keeps what does not fit as typed for the schema to report", () => {
    expect(cellValue(column('name'), '  王明 ', [])).toBe('王明');
    expect(cellValue(column('name'), '   ', [])).toBeUndefined();
    expect(cellValue(column('name'), null, [])).toBeUndefined();
    expect(cellValue(column('name'), 13800000000, [])).toBe('13800000000');
    expect(cellValue(column('amount'), '12.5', [])).toBe(12.5);
    expect(cellValue(column('amount'), -3, [])).toBe(-3);
    expect(cellValue(column('amount'), '十二', [])).toBe('十二');
    expect(cellValue(column('open'), '是', [])).toBe(true);
    expect(cellValue(column('open'), 'No', [])).toBe(false);
    expect(cellValue(column('open'), '也许', [])).toBe('也许');
    expect(cellValue(column('day'), new Date(Date.UTC(2025, 2, 8)), [])).toBe('2025-03-08');
    expect(cellValue(column('day'), '2025/3/8', [])).toBe('2025-03-08');
    expect(cellValue(column('day'), '2025年3月8日', [])).toBe('2025-03-08');
    expect(cellValue(column('day'), '下周', [])).toBe('下周');
    expect(cellValue(column('kind'), '科研人员', choices)).toBe('p');
    expect(cellValue(column('kind'), 'Researcher', choices)).toBe('p');
    expect(cellValue(column('kind'), 'p', choices)).toBe('p');
    expect(cellValue(column('kind'), '学生', choices)).toBe('学生');
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

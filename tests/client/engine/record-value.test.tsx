// @vitest-environment happy-dom
import { cleanup, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RecordValue, type RecordValueProps } from '../../../src/client/engine/record-value';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import { columnKind } from '../../../src/shared/resource/list-fields';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const workflow: WorkflowFile = { initial: 'draft', states: { draft: { title: '草稿' } }, transitions: {} };
const dictOptions: RecordValueProps['dictOptions'] = {
  guest_role: [
    { value: 'speaker', label: '主讲嘉宾' },
    { value: 'host', label: '主持人' },
  ],
  tech_field: [
    { value: 'ai', label: '人工智能' },
    { value: 'bio', label: '生物医药' },
  ],
};

const guests: JsonSchema = {
  type: 'array',
  title: '嘉宾',
  'x-component': 'ArrayTable',
  items: {
    type: 'object',
    properties: {
      role: { type: 'string', title: '角色', 'x-dict': 'guest_role', 'x-order': 2 },
      name: { type: 'string', title: '姓名', 'x-order': 1, 'x-locale': { 'en-US': { title: 'Name' } } },
      arrivedAt: { type: 'string', format: 'date-time', title: '到场时间', 'x-order': 3 },
    },
  },
};

function show(field: string, node: JsonSchema, value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN'): HTMLElement {
  const { container } = renderWithProviders(
    <RecordValue kind={columnKind(field, node)} value={value} node={node} dictOptions={dictOptions} workflow={workflow} locale={locale} />,
  );
  return container;
}

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

/** Issue 30 item 4: a detail page reads every value as a person does, never as raw JSON. */
describe('RecordValue, for values inside values', () => {
  it('shows rows as a table with the columns’ titles in order, dictionary labels and Beijing times', () => {
    const page = show('guests', guests, [
      { name: '李明', role: 'speaker', arrivedAt: '2026-12-03T01:30:00Z' },
      { name: '周婷', role: 'host' },
    ]);
    const table = within(page).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['姓名', '角色', '到场时间']);
    expect(within(table).getByText('主讲嘉宾')).toBeTruthy();
    expect(within(table).getByText('主持人')).toBeTruthy();
    expect(within(table).getByText('2026-12-03 09:30')).toBeTruthy();
    expect(page.textContent).not.toMatch(/\[\{|\{"/);
  });

  it('titles the columns in English for an English reader', () => {
    const page = show('guests', guests, [{ name: 'Li Ming', role: 'speaker' }], 'en-US');
    expect(within(page).getAllByRole('columnheader')[0]?.textContent).toBe('Name');
  });

  it('reads a list of dictionary codes as their labels, and a date range as from ~ to', () => {
    const fields: JsonSchema = { type: 'array', title: '技术领域', items: { type: 'string', 'x-dict': 'tech_field' } };
    expect(show('fields', fields, ['ai', 'bio']).textContent).toBe('人工智能、生物医药');
    cleanup();
    const period: JsonSchema = {
      type: 'array',
      title: '活动时间',
      'x-component': 'DatePicker.RangePicker',
      items: { type: 'string', format: 'date' },
    };
    expect(show('period', period, ['2026-12-01', '2026-12-05']).textContent).toBe('2026-12-01 ~ 2026-12-05');
  });

  it('shows a group of fields by their titles, and keys a schema no longer declares by name, still without JSON', () => {
    const contact: JsonSchema = {
      type: 'object',
      title: '联系人',
      properties: { person: { type: 'string', title: '联系人姓名' }, phone: { type: 'string', title: '联系电话' } },
    };
    const group = show('contact', contact, { person: '王强', phone: '138****0000' });
    expect(within(group).getByText('联系人姓名')).toBeTruthy();
    expect(within(group).getByText('138****0000')).toBeTruthy();
    cleanup();
    const loose = show('extra', { type: 'string', title: '附加信息' }, [{ note: '已核实' }]);
    expect(within(loose).getByRole('columnheader').textContent).toBe('note');
    expect(loose.textContent).not.toMatch(/\[\{|\{"/);
  });

  it('shows - for an empty list', () => {
    expect(show('guests', guests, []).textContent).toBe('-');
  });
});

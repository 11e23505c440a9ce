// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaDesigner } from '../../../../src/client/studio/designer/schema-designer';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

vi.mock('../../../../src/client/studio/designer/dict-catalogue', () => ({
  loadDictCatalogue: vi.fn(async () => [{ code: 'need_type', name: '需求类型', items: [{ dictKey: 'tech', dictValue: '技术需求' }] }]),
}));

const START: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: '项目名称', maxLength: 50 },
    team: {
      type: 'array',
      title: '团队成员',
      'x-component': 'ArrayTable',
      items: { type: 'object', properties: { member: { type: 'string', title: '姓名' } } },
    },
    budget: { type: 'number', title: '预算' },
  },
};

/** The designer over a text it owns, as the studio page holds it; `latest` reads what it wrote. */
function renderDesigner(initial = `${JSON.stringify(START, null, 2)}\n`) {
  let latest = initial;
  const writes = vi.fn();
  function Host() {
    const [text, setText] = useState(initial);
    return (
      <SchemaDesigner
        text={text}
        onChange={(next) => {
          latest = next;
          writes(next);
          setText(next);
        }}
        context={{ activityStep: true, resourceRecord: false }}
      />
    );
  }
  renderWithProviders(<Host />);
  return { schema: () => JSON.parse(latest) as JsonSchema, writes };
}

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('SchemaDesigner', () => {
  it('writes nothing when a field is only opened', async () => {
    const { writes } = renderDesigner();
    fireEvent.click(await screen.findByRole('button', { name: /项目名称/, pressed: false }));
    expect(await screen.findByLabelText('标题（中文）')).toBeTruthy();
    expect(writes).not.toHaveBeenCalled();
  });

  it('adds a date range after the selected field: two dates, the end compared with the start', async () => {
    const { schema } = renderDesigner();
    fireEvent.click(await screen.findByRole('button', { name: /项目名称/, pressed: false }));
    fireEvent.click(screen.getByRole('button', { name: '+ 日期区间' }));
    await waitFor(() => expect(Object.keys(schema().properties ?? {})).toEqual(['name', 'periodStart', 'periodEnd', 'team', 'budget']));
    expect(schema().properties?.['periodEnd']).toMatchObject({ format: 'date', 'x-compare': { op: '>=', field: 'periodStart' } });
  });

  it('sets the English label and required from the panel, keeping the rest of the field', async () => {
    const { schema } = renderDesigner();
    fireEvent.click(await screen.findByRole('button', { name: /预算/, pressed: false }));
    fireEvent.change(screen.getByLabelText('标题（英文）'), { target: { value: 'Budget' } });
    fireEvent.click(screen.getByRole('switch', { name: '必填' }));
    await waitFor(() => expect(schema().required).toEqual(['name', 'budget']));
    expect(schema().properties?.['budget']).toEqual({ type: 'number', title: '预算', 'x-locale': { 'en-US': { title: 'Budget' } } });
  });

  it('moves a field into the table above as a column, and out again', async () => {
    const { schema } = renderDesigner();
    fireEvent.click(await screen.findByRole('button', { name: '移入上方分组：预算' }));
    await waitFor(() =>
      expect(Object.keys((schema().properties?.['team']?.items as JsonSchema).properties ?? {})).toEqual(['member', 'budget']),
    );
    fireEvent.click(await screen.findByRole('button', { name: '移出分组：预算' }));
    await waitFor(() => expect(Object.keys(schema().properties ?? {})).toEqual(['name', 'team', 'budget']));
  });

  it('says so, and draws nothing, for text that is not a form schema', async () => {
    renderWithProviders(<SchemaDesigner text="{ not json" onChange={vi.fn()} context={{ activityStep: false, resourceRecord: false }} />);
    expect(await screen.findByText(/JSON 有语法错误/)).toBeTruthy();
  });
});

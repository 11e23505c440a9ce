// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import type { ISchema } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { blockOfPath, splitIntoBlocks } from '../../../src/client/engine/form-blocks';
import { FormWindow, windowsOf } from '../../../src/client/engine/form-window';
import { ROW_GROUP } from '../../../src/client/engine/row-group-table';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { submitSchemaForm } from '../../../src/client/engine/submit-pipeline';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';
import { loadAllComponents } from '../helpers/load-all-components';

// 130 text fields, then a table of more than four row groups whose row 20 lacks its required name.
const FIELDS = 130;
const ROWS = 4 * ROW_GROUP + 3;
const key = (i: number): string => `f${String(i).padStart(3, '0')}`;
const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [key(i), { type: 'string', title: `指标${i}`, 'x-order': i + 1 }])),
    projects: {
      type: 'array',
      title: '项目清单',
      'x-component': 'ArrayTable',
      'x-order': FIELDS + 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', title: '项目名称' }, leader: { type: 'string', title: '负责人' } },
      },
    },
  },
};
const missing = ROWS - 3;
const rows = (): Array<Record<string, string>> =>
  Array.from({ length: ROWS }, (_, row): Record<string, string> =>
    row === missing ? { leader: `负责人${row}` } : { name: `项目${row}`, leader: `负责人${row}` },
  );

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
  // Nothing scrolls here: blocks mount only when asked.
  vi.stubGlobal('IntersectionObserver', undefined);
});
beforeAll(loadAllComponents);
afterEach(() => cleanup());

describe("a long form's window: blocks scrolled near render one at a time, and a widget can hold its block", () => {
  const plain: ISchema = {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [key(i), { type: 'string', 'x-decorator': 'FormItem' }])),
  };
  const makeWindow = (): FormWindow => new FormWindow(createForm(), splitIntoBlocks(plain), schema, 'zh-CN');

  it('renders the blocks scrolled near in turn: the next once the last has committed', () => {
    const formWindow = makeWindow();
    void formWindow.mount(2, 'soon');
    void formWindow.mount(3, 'soon');
    expect([formWindow.isMounted(2), formWindow.isMounted(3)]).toEqual([true, false]);
    expect(formWindow.isUrgent(2)).toBe(false);
    formWindow.blockMounted(2);
    expect(formWindow.isMounted(3)).toBe(true);
  });

  it('a jump hurries a queued block: it renders at once', () => {
    const formWindow = makeWindow();
    void formWindow.mount(2, 'soon');
    void formWindow.mount(5, 'soon');
    void formWindow.mount(5, 'now');
    expect([formWindow.isMounted(5), formWindow.isUrgent(5)]).toEqual([true, true]);
  });

  it('counts a held block as not mounted (the verdict judges it) until the widget lets go', async () => {
    const formWindow = makeWindow();
    const block = formWindow.blocks.blocks[3];
    const path = block?.keys[0] ?? '';
    let resolved = false;
    const mounted = formWindow.mount(3).then(() => {
      resolved = true;
    });
    const release = formWindow.holdBlock(3);
    formWindow.blockMounted(3);
    await Promise.resolve();
    expect([formWindow.isPending(path), resolved]).toEqual([true, false]);
    release();
    await mounted;
    expect(formWindow.isPending(path)).toBe(false);
  });
});

describe('a long table of a long form, mounted a group of rows at a time', () => {
  async function renderForm() {
    const form = createForm({ initialValues: { projects: rows() } });
    render(<SchemaForm form={form} schema={schema} locale="zh-CN" />);
    await screen.findByText('指标0');
    const formWindow = windowsOf(form)[0];
    const block = formWindow ? blockOfPath(formWindow.blocks, 'projects') : undefined;
    if (!formWindow || !block) throw new Error('no window or no block for the table');
    return { form, formWindow, block };
  }
  const nameInputs = (): number => document.querySelectorAll('input[aria-label="项目名称"]').length;

  it('scrolled near: fills every row, group by group, and only then counts as mounted', async () => {
    const { form, formWindow, block } = await renderForm();
    let mounted = false;
    const fills: string[] = [];
    const watcher = new MutationObserver((records) => {
      for (const record of records) fills.push(record.oldValue ?? '');
    });
    watcher.observe(document.body, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-kc-filled'] });
    act(() => {
      void formWindow.mount(block.index, 'soon').then(() => {
        mounted = true;
      });
    });
    await waitFor(() => expect(document.querySelector('.kc-row-group-table')?.getAttribute('data-kc-filled')).toBe(String(ROWS)));
    await waitFor(() => expect(mounted).toBe(true));
    watcher.disconnect();
    // One commit per group of rows: the rows shown before each were 1, 2, 3 and 4 groups.
    expect(fills).toEqual([1, 2, 3, 4].map((groups) => String(groups * ROW_GROUP)));
    expect(nameInputs()).toBe(ROWS);
    expect(form.query(`projects.${ROWS - 1}.name`).take()).toBeDefined();
    expect(formWindow.isPending(`projects.${ROWS - 1}.name`)).toBe(false);
  });

  it("judges the rows not mounted at submit, and the summary's link shows the error on its row's cell", async () => {
    const { form } = await renderForm();
    const outcome = await act(() => submitSchemaForm(form, vi.fn()));
    expect(outcome.status).toBe('invalid');
    const link = await screen.findByRole('button', { name: /项目名称|项目清单/ });
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(nameInputs()).toBe(ROWS));
    const input = [...document.querySelectorAll<HTMLInputElement>('input[aria-label="负责人"]')].find(
      (candidate) => candidate.value === `负责人${missing}`,
    );
    const row = input?.closest('tr');
    await waitFor(() => expect(row?.querySelector('.ant-formily-item-error-help')?.textContent ?? '').not.toBe(''));
    // The jump lands in the table (a row's cells are not marked; the table stands for them).
    expect(document.activeElement?.closest('.kc-row-group-table')).not.toBeNull();
  });

  it('printing while the table fills: the rest of its rows at once', async () => {
    const { formWindow, block } = await renderForm();
    act(() => {
      void formWindow.mount(block.index, 'soon');
    });
    await waitFor(() => expect(document.querySelector('.kc-row-group-table')).not.toBeNull());
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(nameInputs()).toBe(ROWS);
  });
});

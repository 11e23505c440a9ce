// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from '../../../src/client/engine/apply-server-errors';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { submitSchemaForm } from '../../../src/client/engine/submit-pipeline';
import { validateValues } from '../../../src/client/engine/validate-values';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { LONG_FORM_FIELDS, longFormKey, longFormTitle, longTextSchema, setUpLongFormDom } from '../helpers/long-text-form';

// 130 text fields: long enough to mount block by block. The first and the last five are required.
const FIELDS = LONG_FORM_FIELDS;
const key = longFormKey;
const title = longFormTitle;
const required = [key(0), ...Array.from({ length: 5 }, (_, i) => key(FIELDS - 5 + i))];
const schema: JsonSchema = longTextSchema(required);

beforeAll(setUpLongFormDom);

afterEach(() => cleanup());

async function renderLongForm(initialValues: Record<string, unknown> = {}) {
  const form = createForm({ initialValues });
  render(<SchemaForm form={form} schema={schema} locale="zh-CN" />);
  await screen.findByText(title(0));
  return form;
}

const pending = (): number => document.querySelectorAll('[data-kc-state="pending"]').length;
const summaryItems = (): string[] => [...document.querySelectorAll('.kc-error-summary-item')].map((item) => item.textContent ?? '');

describe('a long SchemaForm, mounted block by block', () => {
  it('mounts the first block only; the rest waits, with a way in for the keyboard', async () => {
    const form = await renderLongForm();
    expect(pending()).toBeGreaterThan(0);
    expect(form.query(key(0)).take()).toBeDefined();
    expect(form.query(key(FIELDS - 1)).take()).toBeUndefined();
    expect(screen.getAllByRole('button', { name: /^显示此处的 \d+ 个字段$/ }).length).toBe(pending());
  });

  it('judges the unmounted fields at submit, lists every error, and sends nothing', async () => {
    const form = await renderLongForm();
    const send = vi.fn();
    const outcome = await act(() => submitSchemaForm(form, send));
    expect(outcome.status).toBe('invalid');
    expect(send).not.toHaveBeenCalled();
    const expected = validateValues(schema, {}, 'zh-CN');
    expect(expected).toHaveLength(6);
    await waitFor(() => expect(summaryItems()).toHaveLength(6));
    expect(summaryItems()[0]).toContain(title(0));
    expect(summaryItems()[5]).toContain(title(FIELDS - 1));
    // Still not mounted: the error waits for its field.
    expect(form.query(key(FIELDS - 1)).take()).toBeUndefined();
  });

  it("a summary link mounts its field's block and puts the held message on the field", async () => {
    const form = await renderLongForm();
    await act(() => submitSchemaForm(form, vi.fn()));
    const link = await screen.findByRole('button', { name: title(FIELDS - 1) });
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(form.query(key(FIELDS - 1)).take()).toBeDefined());
    const message = validateValues(schema, {}, 'zh-CN').find((error) => error.path === key(FIELDS - 1))?.message;
    await waitFor(() => expect((form.query(key(FIELDS - 1)).take() as { selfErrors: string[] }).selfErrors).toEqual([message]));
  });

  it("holds the server's error on an unmounted field instead of dropping it", async () => {
    const form = await renderLongForm();
    const unplaced = applyServerErrors(form, [{ path: key(100), keyword: 'x-unique', params: {}, message: '该名称已被使用' }]);
    expect(unplaced).toEqual([]);
    const block = document.querySelector<HTMLElement>(`[data-kc-keys~="${key(100)}"] button`);
    expect(block).not.toBeNull();
    await act(async () => {
      fireEvent.click(block as HTMLElement);
    });
    await waitFor(() =>
      expect((form.query(key(100)).take() as { selfErrors: string[] } | undefined)?.selfErrors).toEqual(['该名称已被使用']),
    );
  });

  it('sends the values of fields that were never mounted', async () => {
    const values = Object.fromEntries(required.map((name) => [name, '已填写']));
    const form = await renderLongForm({ ...values, [key(90)]: '从未显示' });
    const send = vi.fn(async (sent: Record<string, unknown>) => sent);
    const outcome = await act(() => submitSchemaForm(form, send));
    expect(outcome.status).toBe('succeeded');
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ [key(90)]: '从未显示', [key(FIELDS - 1)]: '已填写' }));
    expect(form.query(key(90)).take()).toBeUndefined();
  });

  it('mounts every block for printing', async () => {
    await renderLongForm();
    await act(async () => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(pending()).toBe(0);
    expect(screen.getByText(title(FIELDS - 1))).toBeTruthy();
  });
});

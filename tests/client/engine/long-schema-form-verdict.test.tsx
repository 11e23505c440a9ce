// @vitest-environment happy-dom
import { createForm, isField, type Field, type Form } from '@formily/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { submitSchemaForm } from '../../../src/client/engine/submit-pipeline';
import { validateValues } from '../../../src/client/engine/validate-values';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { longFormKey, longFormTitle, longTextSchema, setUpLongFormDom } from '../helpers/long-text-form';

// A long form (issue 33): its submit judges mounted fields with the verdict as well (validate-form.ts).
const key = longFormKey;
const title = longFormTitle;
const schema: JsonSchema = longTextSchema([key(0)]);

beforeAll(setUpLongFormDom);

afterEach(() => cleanup());

async function renderLongForm(initialValues: Record<string, unknown> = {}): Promise<Form> {
  const form = createForm({ initialValues });
  render(<SchemaForm form={form} schema={schema} locale="zh-CN" />);
  await screen.findByText(title(0));
  return form;
}

const fieldOf = (form: Form, name: string): Field => {
  const field = form.query(name).take();
  if (!field || !isField(field)) throw new Error(`no field ${name}`);
  return field;
};
const summaryItems = (): string[] => [...document.querySelectorAll('.kc-error-summary-item')].map((item) => item.textContent ?? '');
const messageOf = (values: Record<string, unknown>, name: string): string | undefined =>
  validateValues(schema, values, 'zh-CN').find((error) => error.path === name)?.message;

describe("a long form's submit judges its mounted fields with the verdict", () => {
  it("puts the verdict's message on a mounted field, and takes it off once the field passes", async () => {
    const form = await renderLongForm({ [key(1)]: 'x'.repeat(30) });
    await act(() => submitSchemaForm(form, vi.fn()));
    expect(fieldOf(form, key(0)).selfErrors).toEqual([messageOf({}, key(0))]);
    expect(fieldOf(form, key(1)).selfErrors).toEqual([messageOf({ [key(1)]: 'x'.repeat(30) }, key(1))]);
    await waitFor(() => expect(summaryItems()).toHaveLength(2));

    await act(async () => {
      form.setValuesIn(key(0), '已填写');
      form.setValuesIn(key(1), '短');
    });
    const send = vi.fn(async () => ({}));
    const outcome = await act(() => submitSchemaForm(form, send));
    expect(outcome.status).toBe('succeeded');
    expect(fieldOf(form, key(0)).selfErrors).toEqual([]);
    expect(fieldOf(form, key(1)).selfErrors).toEqual([]);
  });

  it("leaves a mounted field with a rule of its own to Formily (a host's check the verdict does not know)", async () => {
    const form = await renderLongForm({ [key(0)]: '已填写' });
    await act(async () => {
      fieldOf(form, key(2)).setValidator([...[fieldOf(form, key(2)).validator].flat(), () => '主办方的规则']);
    });
    const outcome = await act(() => submitSchemaForm(form, vi.fn()));
    expect(outcome.status).toBe('invalid');
    expect(fieldOf(form, key(2)).selfErrors).toEqual(['主办方的规则']);
    await waitFor(() => expect(summaryItems()).toEqual([expect.stringContaining('主办方的规则')]));
  });

  it('does not judge a mounted field Formily would not check (disabled)', async () => {
    const form = await renderLongForm({ [key(0)]: '已填写', [key(3)]: 'x'.repeat(30) });
    await act(async () => {
      fieldOf(form, key(3)).setPattern('disabled');
    });
    const send = vi.fn(async () => ({}));
    await act(() => submitSchemaForm(form, send));
    expect(fieldOf(form, key(3)).selfErrors).toEqual([]);
    expect(summaryItems()).toEqual([]);
  });
});

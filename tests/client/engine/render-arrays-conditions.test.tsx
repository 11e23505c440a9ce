// @vitest-environment happy-dom
import { createForm, type Form } from '@formily/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanFormValues } from '../../../src/client/engine/clean-form-values';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { validateValues } from '../../../src/client/engine/validate-values';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia, fieldOf } from '../helpers/dom-setup';
import { loadAllComponents } from '../helpers/load-all-components';

vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => [{ value: '01', label: '电子信息' }]),
}));

// Like the seeded industry step: a list that is shown and required only when hasPatents is true.
const industrySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hasPatents'],
  properties: {
    hasPatents: {
      type: 'boolean',
      title: '是否拥有知识产权',
      enum: [true, false],
      'x-enum-labels': ['是', '否'],
      'x-component': 'Radio.Group',
    },
    patentNote: { type: 'string', title: '知识产权说明', maxLength: 20 },
    patents: {
      type: 'array',
      title: '知识产权清单',
      minItems: 1,
      maxItems: 5,
      'x-component': 'ArrayTable',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', title: '名称', maxLength: 100 } },
      },
    },
  },
  if: { properties: { hasPatents: { const: true } }, required: ['hasPatents'] },
  then: { required: ['patents', 'patentNote'] },
};

const teamSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['members'],
  properties: {
    members: {
      type: 'array',
      title: '团队成员',
      minItems: 1,
      maxItems: 2,
      'x-component': 'ArrayTable',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', title: '姓名', maxLength: 30 },
          phone: { type: 'string', title: '手机号', format: 'mobile' },
        },
      },
    },
  },
};

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});
// The lazy widgets up front: a cold import under Vitest would eat the tests' 1 s waits.
beforeAll(loadAllComponents);

afterEach(() => cleanup());

describe('a conditional field (if/then) in a rendered form', () => {
  async function renderIndustry(): Promise<Form> {
    const form = createForm();
    render(<SchemaForm form={form} schema={industrySchema} locale="zh-CN" />);
    await screen.findByText('是否拥有知识产权');
    return form;
  }

  it('appears, required, when its sibling holds the if, and disappears with its value when it stops holding', async () => {
    const form = await renderIndustry();
    expect(screen.queryByText('知识产权清单')).toBeNull();
    expect(fieldOf(form, 'patents').display).toBe('none');

    fireEvent.click(screen.getByLabelText('是'));
    expect(await screen.findByText('知识产权清单')).toBeTruthy();
    const patents = fieldOf(form, 'patents');
    expect(patents.display).toBe('visible');
    // An array is required through its asterisk and its own rule, which calls [] empty as pruneEmpty does (issue 17).
    expect(patents.decoratorProps['asterisk']).toBe(true);

    expect(fieldOf(form, 'patentNote').required).toBe(true);
    act(() => form.setValuesIn('patents', [{ name: '一种方法' }]));
    fireEvent.click(screen.getByLabelText('否'));
    await waitFor(() => expect(screen.queryByText('知识产权清单')).toBeNull());
    expect(fieldOf(form, 'patentNote').required).toBe(false);
    // A hidden field's value is not submitted.
    expect(form.values['patents']).toBeUndefined();
    expect(validateValues(industrySchema, form.values, 'zh-CN').map((e) => e.path)).not.toContain('patents');

    // Shown again, it gets its value back.
    fireEvent.click(screen.getByLabelText('是'));
    await screen.findByText('知识产权清单');
    expect(cleanFormValues(form.values['patents'])).toEqual([{ name: '一种方法' }]);
  });

  it('requires the shown fields with the shared messages on submit, as validateValues does', async () => {
    const form = await renderIndustry();
    fireEvent.click(screen.getByLabelText('是'));
    await screen.findByText('知识产权清单');
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    // No rows yet is not filled in (ADR 0001, issue 17): 请选择, the server's word for it, not minItems.
    expect(fieldOf(form, 'patents').selfErrors).toEqual(['请选择']);
    expect(fieldOf(form, 'patentNote').selfErrors).toEqual(['请输入']);
    expect(validateValues(industrySchema, form.values, 'zh-CN').map((e) => [e.path, e.message])).toEqual([
      ['patentNote', '请输入'],
      ['patents', '请选择'],
    ]);
  });
});

describe('an ArrayTable in a rendered form', () => {
  async function renderTeam(): Promise<Form> {
    const form = createForm();
    render(<SchemaForm form={form} schema={teamSchema} locale="zh-CN" />);
    await screen.findByText('团队成员');
    return form;
  }

  it('adds rows with the 添加一行 button, removes them with the row button, and refuses past maxItems', async () => {
    const form = await renderTeam();
    const add = screen.getByRole('button', { name: /添加一行/ });
    fireEvent.click(add);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '删除此行' })).toHaveLength(1));
    // Each cell input is named after its column for keyboard and screen-reader users.
    expect(screen.getAllByRole('textbox', { name: '姓名' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '删除此行' })).toHaveLength(2));

    // At maxItems the button is disabled and says why.
    const full = await screen.findByRole('button', { name: /最多只能有2项/ });
    expect((full as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(full);
    expect((form.values['members'] as unknown[]).length).toBe(2);

    fireEvent.click(screen.getAllByRole('button', { name: '删除此行' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '删除此行' })).toHaveLength(1));
    const again = await screen.findByRole('button', { name: /添加一行/ });
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks row fields with their rules and sends rows without the ArrayTable index key (trap 4)', async () => {
    const form = await renderTeam();
    fireEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    const name = await screen.findByRole('textbox', { name: '姓名' });
    fireEvent.change(name, { target: { value: '张三' } });
    const phone = screen.getByRole('textbox', { name: '手机号' });
    fireEvent.change(phone, { target: { value: '123' } });
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    const row = (form.values['members'] as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(row)).toContain('__DO_NOT_USE_THIS_PROPERTY_index__');
    expect(cleanFormValues(form.values)).toEqual({ members: [{ name: '张三', phone: '123' }] });
    expect(validateValues(teamSchema, form.values, 'zh-CN').map((e) => `${e.path} ${e.keyword}`)).toEqual(['members.0.phone format']);
  });

  it('says 请选择 when the rows are all removed, as the server does for an empty list (issue 17)', async () => {
    const form = await renderTeam();
    act(() => form.setValuesIn('members', []));
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    expect(fieldOf(form, 'members').selfErrors).toEqual(['请选择']);
    expect(fieldOf(form, 'members').decoratorProps['asterisk']).toBe(true);
  });
});

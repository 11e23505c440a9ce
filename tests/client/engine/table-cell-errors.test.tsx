// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from '../../../src/client/engine/apply-server-errors';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';
import { loadAllComponents } from '../helpers/load-all-components';

// 130 text fields, then a project table: long enough that the table sits in a block mounted later.
const FIELDS = 130;
const key = (i: number): string => `f${String(i).padStart(3, '0')}`;
const longSchema = (component: 'ArrayTable' | 'ArrayCards'): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [key(i), { type: 'string', title: `指标${i}`, 'x-order': i + 1 }])),
    projects: {
      type: 'array',
      title: '项目清单',
      'x-component': component,
      'x-order': FIELDS + 1,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { name: { type: 'string', title: '项目名称' }, leader: { type: 'string', title: '负责人' } },
      },
    },
  },
});

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
  // Nothing scrolls here: blocks mount only when asked.
  vi.stubGlobal('IntersectionObserver', undefined);
});
beforeAll(loadAllComponents);
afterEach(() => cleanup());

/** The error text under the input that holds `value`; throws while no input holds it. */
function helpOf(value: string): string | null {
  const input = [...document.querySelectorAll<HTMLInputElement>('input')].find((candidate) => candidate.value === value);
  if (!input) throw new Error(`no input with ${value}`);
  return input.closest('.ant-formily-item')?.querySelector('.ant-formily-item-error-help')?.textContent ?? null;
}

describe("a server error on a table cell of a long form's unmounted block", () => {
  it.each(['ArrayTable', 'ArrayCards'] as const)(
    '%s: is held, then shown on the cell of its row when the block mounts',
    async (component) => {
      const form = createForm({ initialValues: { projects: [{ name: '新材料中试' }, { name: '氢能储运示范' }] } });
      render(<SchemaForm form={form} schema={longSchema(component)} locale="zh-CN" />);
      await screen.findByText('指标0');

      expect(applyServerErrors(form, [{ path: 'projects.1.name', keyword: 'unique', params: {}, message: '该名称已存在' }])).toEqual([]);
      const block = document.querySelector<HTMLElement>('[data-kc-keys~="projects"] button');
      expect(block).not.toBeNull();
      await act(async () => {
        fireEvent.click(block as HTMLElement);
      });

      await waitFor(() => expect(helpOf('氢能储运示范')).toBe('该名称已存在'));
      expect(helpOf('新材料中试')).toBeNull();
    },
  );
});

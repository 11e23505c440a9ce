// @vitest-environment happy-dom
import { createForm, type Field } from '@formily/core';
import { FormProvider } from '@formily/react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StepFields } from '../../../../src/client/activities/step-form/step-fields';
import { setUpEngine } from '../../../../src/client/engine/engine-setup';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';
import { fieldOf, stubMatchMedia } from '../../helpers/dom-setup';
import { loadAllComponents } from '../../helpers/load-all-components';

// A step whose project table has an x-unique name column, rendered as ArrayTable and as ArrayCards.
const projectsStep = (component: 'ArrayTable' | 'ArrayCards'): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    projects: {
      type: 'array',
      title: '项目清单',
      'x-component': component,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { name: { type: 'string', title: '项目名称', 'x-unique': true }, leader: { type: 'string', title: '负责人' } },
      },
    },
  },
});

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});
beforeAll(loadAllComponents);
afterEach(() => cleanup());

/** Runs a field's onBlur rules as leaving it does; a refusal is read from its errors, not thrown. */
async function blur(field: Field): Promise<void> {
  await act(async () => {
    await field.validate('onBlur').catch(() => undefined);
  });
}

describe('the on-blur x-unique check of a table cell in a rendered step', () => {
  it.each(['ArrayTable', 'ArrayCards'] as const)(
    '%s: a repeat of an earlier row is refused at once, a new name is asked about by its row',
    async (component) => {
      const form = createForm({ values: { projects: { projects: [{ name: '甲项目' }, { name: '乙项目' }, { name: '甲项目' }] } } });
      const check = vi.fn(async (_path: string, value: string) => value === '乙项目');
      render(
        <FormProvider form={form}>
          <StepFields activityId="project-roster" stepKey="projects" schema={projectsStep(component)} locale="zh-CN" uniqueCheck={check} />
        </FormProvider>,
      );
      await waitFor(() => expect(() => fieldOf(form, 'projects.projects.2.name')).not.toThrow());

      const repeat = fieldOf(form, 'projects.projects.2.name');
      await blur(repeat);
      expect(repeat.selfErrors).toEqual(['该名称已存在']);
      expect(check).not.toHaveBeenCalled();

      const taken = fieldOf(form, 'projects.projects.1.name');
      await blur(taken);
      expect(check).toHaveBeenLastCalledWith('projects.1.name', '乙项目');
      expect(taken.selfErrors).toEqual(['该名称已存在']);

      const free = fieldOf(form, 'projects.projects.0.name');
      await blur(free);
      expect(check).toHaveBeenLastCalledWith('projects.0.name', '甲项目');
      expect(free.selfErrors).toEqual([]);

      // The row renamed: no longer a repeat, so the server is asked for row 2.
      act(() => repeat.setValue('丙项目'));
      await blur(repeat);
      expect(check).toHaveBeenLastCalledWith('projects.2.name', '丙项目');
      expect(repeat.selfErrors).toEqual([]);
    },
  );
});

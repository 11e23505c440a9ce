// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../../fixtures/activities/project-roster/manifest.json';
import projects from '../../../fixtures/activities/project-roster/projects.schema.json';
import { ApiError } from '../../../../src/client/api/api-error';
import { setUpEngine } from '../../../../src/client/engine/engine-setup';
import { StepForm } from '../../../../src/client/activities/step-form/step-form';
import type { ActivityDetail, ApplicationView } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { loadAllComponents } from '../../helpers/load-all-components';
import { renderWithProviders } from '../../helpers/render-with-providers';

const api = vi.hoisted(() => ({
  firstSave: vi.fn(),
  saveStep: vi.fn(),
  submitApplication: vi.fn(),
  queryApplication: vi.fn(),
  termNameExists: vi.fn(async () => false),
}));
vi.mock('../../../../src/client/activities/activity-api', () => api);

const contact = { type: 'object', additionalProperties: false, properties: { phone: { type: 'string', title: '联系电话' } } };

/**
 * The project-roster step (its table rendered as `component`) and a contact step after it, so the
 * submit happens on the contact step and the table's step is first rendered by the refusal.
 */
function rosterActivity(component: 'ArrayTable' | 'ArrayCards'): ActivityDetail {
  const schema = structuredClone(projects) as Record<string, unknown> & { properties: { projects: Record<string, unknown> } };
  schema.properties.projects['x-component'] = component;
  const [step] = manifest.steps;
  return {
    id: manifest.id,
    version: 'test',
    title: manifest.title,
    summary: manifest.summary,
    window: manifest.window,
    state: 'open',
    steps: [
      { key: 'projects', title: step?.title ?? '项目', schema },
      { key: 'contact', title: '联系人', schema: contact },
    ],
  };
}

const application: ApplicationView = {
  id: 'app-1',
  activityId: manifest.id,
  status: 'draft',
  version: 3,
  currentStep: 'contact',
  data: {
    projects: { unitName: '测试单位', projects: [{ name: '新材料中试', leader: '张三' }, { name: '氢能储运示范' }] },
    contact: { phone: '13800000000' },
  },
  schemaVersion: 'test',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  submittedAt: null,
  editable: true,
};

beforeAll(() => {
  stubMatchMedia();
  window.scrollTo = () => undefined;
  setUpEngine('zh-CN');
});
beforeAll(loadAllComponents);
beforeEach(() => {
  localStorage.clear();
  Object.values(api).forEach((fn) => fn.mockReset());
  api.termNameExists.mockResolvedValue(false);
});
afterEach(() => cleanup());

const errorHelps = (): Array<string | null> =>
  [...document.querySelectorAll('.ant-formily-item-error-help')].map((help) => help.textContent);
/** The error text under the input that holds `value`; throws while no input holds it. */
function helpOf(value: string): string | null {
  const input = [...document.querySelectorAll<HTMLInputElement>('input')].find((candidate) => candidate.value === value);
  if (!input) throw new Error(`no input with ${value}`);
  return input.closest('.ant-formily-item')?.querySelector('.ant-formily-item-error-help')?.textContent ?? null;
}

describe("the server's refusal of a table cell at submit (issue 17)", () => {
  it.each(['ArrayTable', 'ArrayCards'] as const)(
    '%s: the message is on the cell of its row when the applicant goes back, without validating again',
    async (component) => {
      // x-unique on the column: another applicant submitted the second row's name first.
      api.submitApplication.mockRejectedValue(
        new ApiError('提交的数据有误', 400, 400, [
          { step: 'projects', path: 'projects.1.name', keyword: 'unique', params: {}, message: '该名称已存在' },
        ] as never),
      );
      renderWithProviders(
        <StepForm
          activity={rosterActivity(component)}
          application={application}
          initialIndex={1}
          now={() => new Date('2026-12-01T10:00:00+08:00')}
        />,
      );
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));
      await screen.findByText('提交失败');
      expect(document.querySelector('.kc-submit-error')?.textContent).toContain('该名称已存在');

      await act(async () => fireEvent.click(screen.getByRole('button', { name: '返回修改' })));
      await waitFor(() => expect(helpOf('氢能储运示范')).toBe('该名称已存在'));
      // Only there: not on the first row, and not put there by a check of the client's own.
      expect(helpOf('新材料中试')).toBeNull();
      expect(errorHelps()).toEqual(['该名称已存在']);
      expect(api.termNameExists).not.toHaveBeenCalled();
    },
  );
});

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import attachments from '../../../../schemas/activities/hightech-cultivation/attachments.schema.json';
import company from '../../../../schemas/activities/hightech-cultivation/company.schema.json';
import development from '../../../../schemas/activities/hightech-cultivation/development.schema.json';
import industry from '../../../../schemas/activities/hightech-cultivation/industry.schema.json';
import manifest from '../../../../schemas/activities/hightech-cultivation/manifest.json';
import projects from '../../../../schemas/activities/hightech-cultivation/projects.schema.json';
import team from '../../../../schemas/activities/hightech-cultivation/team.schema.json';
import { ApiError } from '../../../../src/client/api/api-error';
import { setUpEngine } from '../../../../src/client/engine/engine-setup';
import { StepForm } from '../../../../src/client/activities/step-form/step-form';
import type { ActivityDetail, ApplicationView } from '../../../../src/shared/generated';
import { ACTIVITY_SAMPLES } from '../../../fixtures/activity-samples';
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
vi.mock('../../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => [
    { value: '01', label: '电子信息' },
    { value: '1', label: '正高级' },
    { value: '2', label: '副高级' },
    { value: '3', label: '中级' },
  ]),
}));

const SCHEMAS: Record<string, object> = { company, industry, projects, team, development, attachments };
const activity: ActivityDetail = {
  id: manifest.id,
  version: 'test',
  title: manifest.title,
  summary: manifest.summary,
  window: manifest.window,
  state: 'open',
  steps: manifest.steps.map((step) => ({
    key: step.key,
    title: step.title,
    route: step.route as ActivityDetail['steps'][number]['route'],
    schema: SCHEMAS[step.key] as Record<string, unknown>,
  })),
};
const STEP_COUNT = activity.steps.length;

function application(data: Record<string, Record<string, unknown>>, version = 7): ApplicationView {
  return {
    id: 'app-1',
    activityId: activity.id,
    status: 'draft',
    version,
    currentStep: 'attachments',
    data,
    schemaVersion: 'test',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    submittedAt: null,
    editable: true,
  };
}

const inWindow = () => new Date('2026-12-01T10:00:00+08:00');

function renderForm(app: ApplicationView | null, now: () => Date = inWindow) {
  // As the app renders it: buttons read 刷新, not 刷 新 (renderWithProviders sets autoInsertSpace as app.tsx does).
  return renderWithProviders(<StepForm activity={activity} application={app} initialIndex={STEP_COUNT - 1} now={now} />);
}

const stepItems = () => [...document.querySelectorAll('.kc-step-bar .ant-steps-item')];
const failingSteps = () => stepItems().flatMap((item, index) => (item.classList.contains('ant-steps-item-error') ? [index] : []));
const currentStep = () => stepItems().findIndex((item) => item.classList.contains('ant-steps-item-active'));

beforeAll(() => {
  stubMatchMedia();
  window.scrollTo = () => undefined;
  setUpEngine('zh-CN');
});
// The lazy widgets up front: a cold import under Vitest would eat the tests' 1 s waits.
beforeAll(loadAllComponents);

beforeEach(() => {
  localStorage.clear();
  Object.values(api).forEach((fn) => fn.mockReset());
  api.termNameExists.mockResolvedValue(false);
});
afterEach(() => cleanup());

describe('StepForm submit', () => {
  it('finds an error on a step the applicant skipped, jumps back to it and marks it, without sending', async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    delete data['industry']!['patents']; // hasPatents is true, so the table is required
    renderForm(application(data));
    await screen.findByRole('button', { name: '提交申报' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交申报' })));

    await screen.findByText('提交失败');
    expect(screen.getByText('您的提交有以下错误')).toBeTruthy();
    expect(document.querySelector('.kc-submit-error')?.textContent).toBe('技术领域与研发情况 · 知识产权清单：请填写知识产权清单');
    expect(failingSteps()).toEqual([1]);
    expect(currentStep()).toBe(1);
    expect(api.submitApplication).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '返回修改' })));
    // The message sits on the field itself once its step is shown.
    await waitFor(() => expect(document.querySelector('.ant-formily-item-error-help')?.textContent).toBe('请填写知识产权清单'));
    expect(failingSteps()).toEqual([1]);
  });

  it("places the server's refusal the same way: first failing step, marked, error on the field", async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    api.submitApplication.mockRejectedValue(
      new ApiError('提交的数据有误', 400, 400, [
        { step: 'projects', path: 'leadProjectName', keyword: 'unique', params: {}, message: '该名称已存在' },
        { step: 'company', path: 'companyName', keyword: 'maxLength', params: {}, message: '服务器说太长了' },
      ] as never),
    );
    renderForm(application(data));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));

    await screen.findByText('提交失败');
    expect(api.submitApplication).toHaveBeenCalledWith({ activityId: activity.id, version: 7 });
    expect(failingSteps()).toEqual([0, 2]);
    expect(currentStep()).toBe(0);
    const listed = [...document.querySelectorAll('.kc-submit-error')].map((item) => item.textContent);
    expect(listed).toEqual([expect.stringContaining('服务器说太长了'), expect.stringContaining('该名称已存在')]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '返回修改' })));
    await waitFor(() => expect(document.querySelector('.ant-formily-item-error-help')?.textContent).toBe('服务器说太长了'));
  });

  it('submits a valid application and becomes read-only', async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    api.submitApplication.mockImplementation(async () => ({ ...application(data, 8), status: 'submitted', editable: false }));
    renderForm(application(data));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));
    await screen.findByText('提交成功');
    expect(screen.getByText(/申报状态：已提交/)).toBeTruthy();
    expect(failingSteps()).toEqual([]);
    expect(screen.queryByRole('button', { name: '保存草稿' })).toBeNull();
  });
});

describe('StepForm and the window', () => {
  it('disables submit outside the window (server time) and says why', async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    renderForm(application(data), () => new Date('2027-04-01T00:00:00+08:00'));
    const submit = await screen.findByRole('button', { name: '提交申报' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/申报已于 2027-03-31 \d\d:\d\d 截止，不能再提交/)).toBeTruthy();
  });

  it('is read-only once submitted, with nothing to save or submit', async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    renderForm({ ...application(data), status: 'submitted', editable: false });
    await screen.findByText(/该申报已提交，当前仅可查看/);
    expect(screen.queryByRole('button', { name: '提交申报' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存草稿' })).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});

describe('StepForm conflicts', () => {
  it('asks to reload on a 409 and keeps the unsaved values to offer afterwards', async () => {
    const data = structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
    api.saveStep.mockRejectedValue(new ApiError('该申报已在其他窗口或设备上更新，请刷新后再编辑', 409, 409, []));
    const fresh = application({ ...data, development: { ...data['development'], developmentPlan: '另一个窗口写的规划' } }, 9);
    api.queryApplication.mockResolvedValue(fresh);
    renderForm(application(data));
    await screen.findByRole('button', { name: '提交申报' });
    // Back to the development step and change a field.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '上一步' })));
    const plan = await waitFor(() => {
      const found = document.querySelector('textarea');
      if (!found) throw new Error('no textarea yet');
      return found;
    });
    await act(async () => fireEvent.change(plan, { target: { value: '本窗口的新规划' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存草稿' })));

    await screen.findByText('该申报已在其他窗口或设备上更新');
    // The local copy follows typing within LOCAL_COPY_MS.
    const stored = await waitFor(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('kc-application-draft:'));
      expect(key).toBeTruthy();
      return key!;
    });
    expect(localStorage.getItem(stored)).toContain('本窗口的新规划');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '刷新' })));
    await waitFor(() => expect(document.querySelector('textarea')?.value).toBe('另一个窗口写的规划'));
    expect(screen.getByText(/尚未保存到服务器的修改/)).toBeTruthy();

    api.saveStep.mockImplementation(async (body: { version: number }) => ({ ...fresh, version: body.version + 1 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '恢复这些修改' })));
    await waitFor(() => expect(document.querySelector('textarea')?.value).toBe('本窗口的新规划'));
    await waitFor(() => expect(api.saveStep).toHaveBeenLastCalledWith(expect.objectContaining({ step: 'development', version: 9 })));
  });
});

describe("StepForm and the server's refusal reasons", () => {
  const valid = () => structuredClone(ACTIVITY_SAMPLES['hightech-cultivation']!.valid);
  // By its text: while antd's loading icon fades out, the button's accessible name is 'loading 提交申报'.
  const submitButton = () => screen.getByText('提交申报').closest('button')!;

  it('shows the not-qualified result (立即升级) when the first save is refused with notQualified', async () => {
    api.firstSave.mockRejectedValue(new ApiError('您的账号暂不具备申报资格', 403, 403, [], 'notQualified'));
    renderForm(null);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '保存草稿' })));

    await screen.findByText('您的账号还未具备申报资格');
    expect(screen.getByText('提交失败')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即升级' }).getAttribute('href')).toBe('/account/center#qualification');
    expect(api.saveStep).not.toHaveBeenCalled();
  });

  it('shows the same result when the submit is refused with notQualified', async () => {
    api.submitApplication.mockRejectedValue(new ApiError('您的账号暂不具备申报资格', 403, 403, [], 'notQualified'));
    renderForm(application(valid()));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));

    await screen.findByText('您的账号还未具备申报资格');
    expect(screen.getByRole('link', { name: '立即升级' })).toBeTruthy();
    expect(document.querySelectorAll('.kc-submit-error')).toHaveLength(1);
  });

  it.each([
    ['windowClosed', '申报已截止'],
    ['windowNotOpen', '申报尚未开始'],
  ])("shows the server's words for %s at submit and disables submit", async (reason, message) => {
    // The client's clock says open; the server's says otherwise, and it decides.
    api.submitApplication.mockRejectedValue(new ApiError(message, 403, 403, [], reason));
    renderForm(application(valid()));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));

    await waitFor(() => expect(document.querySelector('.kc-submit-refused')?.textContent).toBe(message));
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('提交失败')).toBeNull();
    await act(async () => fireEvent.click(submitButton()));
    expect(api.submitApplication).toHaveBeenCalledTimes(1);
  });

  it('reloads the server copy with a notice when a save is refused as notEditable (submitted elsewhere)', async () => {
    const data = valid();
    api.saveStep.mockRejectedValue(new ApiError('申报已提交，当前不可修改', 409, 409, [], 'notEditable'));
    api.queryApplication.mockResolvedValue({ ...application(data, 9), status: 'submitted', editable: false });
    renderForm(application(data));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '保存草稿' })));

    await screen.findByText(/该申报已在其他窗口或设备上提交，已为您载入服务器上的最新内容/);
    expect(api.queryApplication).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/该申报已提交，当前仅可查看/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存草稿' })).toBeNull();
    // Not the version-conflict prompt: there is nothing to decide.
    expect(screen.queryByText('该申报已在其他窗口或设备上更新')).toBeNull();
  });

  it('reloads the same way when the submit is refused as notEditable', async () => {
    const data = valid();
    api.submitApplication.mockRejectedValue(new ApiError('申报已提交，当前不可修改', 409, 409, [], 'notEditable'));
    api.queryApplication.mockResolvedValue({ ...application(data, 9), status: 'submitted', editable: false });
    renderForm(application(data));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '提交申报' })));

    await screen.findByText(/该申报已在其他窗口或设备上提交/);
    expect(screen.queryByRole('button', { name: '提交申报' })).toBeNull();
  });
});

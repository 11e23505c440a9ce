// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviewApplication } from '../../../../src/client/activities/review-api';
import { ApiError } from '../../../../src/client/api/api-error';
import { notifyError, toastSuccess } from '../../../../src/client/api/notifier';
import { ReviewActions } from '../../../../src/client/pages/integrity/review-actions';
import type { ApplicationView } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

vi.mock('../../../../src/client/activities/review-api', () => ({ reviewApplication: vi.fn() }));
vi.mock('../../../../src/client/api/notifier', () => ({ notifyError: vi.fn(), toastSuccess: vi.fn(), toastError: vi.fn() }));
const review = vi.mocked(reviewApplication);

const APPLICATION: ApplicationView = {
  id: '0b3c9d8e-1f2a-4b5c-8d6e-7f8091a2b3c4',
  activityId: 'innovation-competition',
  status: 'submitted',
  version: 7,
  currentStep: null,
  data: {},
  schemaVersion: 'v1',
  createdAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-02T01:00:00.000Z',
  submittedAt: '2026-03-02T01:00:00.000Z',
  editable: false,
  applicantName: '张伟',
};

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderActions(application: ApplicationView = APPLICATION) {
  const onReviewed = vi.fn();
  const onStale = vi.fn();
  renderWithProviders(<ReviewActions application={application} locale="zh-CN" onReviewed={onReviewed} onStale={onStale} />);
  return { onReviewed, onStale };
}

async function choose(action: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('dialog');
}

const noteBox = (dialog: HTMLElement): HTMLElement => within(dialog).getByRole('textbox');
const confirm = (dialog: HTMLElement): void => {
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
};

describe('the review actions (通过 / 退回修改 / 不予通过)', () => {
  it('a return needs a note; with one, it posts the action at the version on screen', async () => {
    const returned = { ...APPLICATION, status: 'returned' as const, version: 8 };
    review.mockResolvedValue({ application: returned, message: '审核完成' });
    const { onReviewed } = renderActions();
    const dialog = await choose('退回修改');
    expect(within(dialog).getByText('确认退回修改？')).toBeTruthy();

    confirm(dialog);
    expect(await within(dialog).findByText('请输入审核意见')).toBeTruthy();
    expect(review).not.toHaveBeenCalled();

    fireEvent.change(noteBox(dialog), { target: { value: '  请补充近三年的财务报表  ' } });
    confirm(dialog);
    await waitFor(() => expect(onReviewed).toHaveBeenCalledWith(returned));
    expect(review).toHaveBeenCalledWith({ applicationId: APPLICATION.id, action: 'return', version: 7, note: '请补充近三年的财务报表' });
    expect(toastSuccess).toHaveBeenCalledWith('审核完成');
  });

  it('a rejection needs a note too; a blank one does not count', async () => {
    renderActions();
    const dialog = await choose('不予通过');
    fireEvent.change(noteBox(dialog), { target: { value: '   ' } });
    confirm(dialog);
    expect(await within(dialog).findByText('请输入审核意见')).toBeTruthy();
    expect(review).not.toHaveBeenCalled();
  });

  it('an approval may go without a note', async () => {
    review.mockResolvedValue({ application: { ...APPLICATION, status: 'approved' }, message: '审核完成' });
    const { onReviewed } = renderActions();
    confirm(await choose('通过'));
    await waitFor(() => expect(onReviewed).toHaveBeenCalled());
    expect(review).toHaveBeenCalledWith({ applicationId: APPLICATION.id, action: 'approve', version: 7 });
  });

  it('a 409 (someone else was first) says so and has the page load the application again', async () => {
    review.mockRejectedValue(new ApiError('该申报已在其他窗口或设备上更新，请刷新后再编辑', 409, 409, [], 'versionConflict'));
    const { onReviewed, onStale } = renderActions();
    confirm(await choose('通过'));
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
    expect(notifyError).toHaveBeenCalledWith('该申报已被他人处理或已更新，已为您载入最新内容，请确认后再审核。');
    expect(onReviewed).not.toHaveBeenCalled();
  });

  it("a 403 ownApplication shows the server's message", async () => {
    review.mockRejectedValue(new ApiError('不能审核自己的申报', 403, 403, [], 'ownApplication'));
    const { onReviewed, onStale } = renderActions();
    confirm(await choose('通过'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('不能审核自己的申报'));
    expect(onReviewed).not.toHaveBeenCalled();
    expect(onStale).not.toHaveBeenCalled();
  });

  it('offers no action on an application that is no longer submitted', () => {
    renderActions({ ...APPLICATION, status: 'returned' });
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    expect(screen.getByText('仅“已提交”的申报可以审核。')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchReviewList } from '../../../../src/client/activities/review-api';
import { ApiError } from '../../../../src/client/api/api-error';
import AuditListPage from '../../../../src/client/pages/integrity/audit-list-page';
import type { ApplicationListItem } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';

vi.mock('../../../../src/client/activities/review-api', () => ({ fetchReviewList: vi.fn() }));
const fetchList = vi.mocked(fetchReviewList);

const ITEM: ApplicationListItem = {
  id: '0b3c9d8e-1f2a-4b5c-8d6e-7f8091a2b3c4',
  activityId: 'innovation-competition',
  activityTitle: '第十届创新创业大赛报名',
  status: 'submitted',
  updatedAt: '2026-03-02T01:00:00.000Z',
  submittedAt: '2026-03-02T01:00:00.000Z',
  currentStep: null,
  version: 3,
  applicantName: '张伟',
};

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderPage(): void {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <MemoryRouter>
          <AuditListPage />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('/integrity/audit (审核管理)', () => {
  it('lists the applications with applicant, status and a link to the detail', async () => {
    fetchList.mockResolvedValue({ total: 1, records: [ITEM] });
    renderPage();
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect(screen.getByText('第十届创新创业大赛报名')).toBeTruthy();
    expect(screen.getByText('已提交')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看' }).getAttribute('href')).toBe(`/integrity/audit/detail?id=${ITEM.id}`);
    expect(fetchList).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 });
  });

  it('filters by status, from page 1', async () => {
    fetchList.mockResolvedValue({ total: 1, records: [ITEM] });
    renderPage();
    await screen.findByText('张伟');
    fireEvent.mouseDown(document.querySelector('.kc-audit-status-filter .ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('退回修改'));
    await waitFor(() => expect(fetchList).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, status: 'returned' }));
  });

  it('says so when there is nothing to review', async () => {
    fetchList.mockResolvedValue({ total: 0, records: [] });
    renderPage();
    expect(await screen.findByText('暂无申报')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    fetchList.mockRejectedValueOnce(new ApiError('没有足够的权限', 403, 403, [])).mockResolvedValueOnce({ total: 1, records: [ITEM] });
    renderPage();
    expect(await screen.findByText('请求失败，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect(screen.queryByText('请求失败，请稍后重试')).toBeNull();
  });
});

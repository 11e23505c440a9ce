// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/api-error';
import { fetchAuditLog } from '../../../../src/client/integrity/audit-log-api';
import OperationLogPage from '../../../../src/client/pages/integrity/operation-log-page';
import type { AuditLogRecord } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';

vi.mock('../../../../src/client/integrity/audit-log-api', () => ({ fetchAuditLog: vi.fn() }));
const fetchLog = vi.mocked(fetchAuditLog);

const RECORD: AuditLogRecord = {
  id: 42,
  at: '2026-03-02T01:02:03.000Z',
  userId: '0b3c9d8e-1f2a-4b5c-8d6e-7f8091a2b3c4',
  username: 'reviewer',
  role: 'reviewer',
  ip: '10.1.2.3',
  userAgent: 'Mozilla/5.0',
  event: 'APPLICATION_APPROVED',
  objectType: 'application',
  objectId: 'a1b2c3',
  action: 'application.update',
  result: 'success',
  reason: null,
  requestId: 'req-1',
};
const FAILURE: AuditLogRecord = { ...RECORD, id: 41, username: 'bob', event: 'LOGIN_FAILURE', objectType: null, objectId: null, action: null, result: 'failure', reason: 'invalidCredentials' };

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
          <OperationLogPage />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('/integrity/log (操作日志)', () => {
  it('lists the records with time, user, event, object, result, reason and IP', async () => {
    fetchLog.mockResolvedValue({ total: 2, records: [RECORD, FAILURE] });
    renderPage();
    expect(await screen.findByText('审核通过')).toBeTruthy();
    for (const header of ['时间', '用户', '事件', '对象', '结果', '原因', 'IP']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('reviewer')).toBeTruthy();
    expect(screen.getByText('申报 a1b2c3')).toBeTruthy();
    expect(screen.getByText('成功').closest('.ant-tag')).toBeTruthy();
    expect(screen.getByText('登录失败')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('invalidCredentials')).toBeTruthy();
    expect(screen.getAllByText('10.1.2.3')).toHaveLength(2);
    // Local time to the second (the test runs in UTC unless TZ says otherwise).
    expect(screen.getAllByText(/^2026-03-02 \d{2}:02:03$/)).toHaveLength(2);
    expect(fetchLog).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 });
  });

  it('filters by event, result and username, each from page 1', async () => {
    fetchLog.mockResolvedValue({ total: 30, records: [RECORD] });
    renderPage();
    await screen.findByText('审核通过');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(fetchLog).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 }));

    fireEvent.mouseDown(document.querySelector('.kc-log-event-filter .ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('账号锁定'));
    await waitFor(() => expect(fetchLog).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, event: 'LOGIN_LOCKED' }));

    fireEvent.mouseDown(document.querySelector('.kc-log-result-filter .ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('失败'));
    await waitFor(() => expect(fetchLog).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, event: 'LOGIN_LOCKED', result: 'failure' }));

    const search = screen.getByPlaceholderText('按用户名搜索');
    fireEvent.change(search, { target: { value: ' bob ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fetchLog).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, event: 'LOGIN_LOCKED', result: 'failure', username: 'bob' }));

    fireEvent.mouseDown(document.querySelector('.kc-log-event-filter .ant-select-selector') as Element);
    fireEvent.click(await screen.findByTitle('全部事件'));
    await waitFor(() => expect(fetchLog).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, result: 'failure', username: 'bob' }));
  });

  it('says so when there is nothing logged', async () => {
    fetchLog.mockResolvedValue({ total: 0, records: [] });
    renderPage();
    expect(await screen.findByText('暂无操作日志')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    fetchLog.mockRejectedValueOnce(new ApiError('没有足够的权限', 403, 403, [])).mockResolvedValueOnce({ total: 1, records: [RECORD] });
    renderPage();
    expect(await screen.findByText('请求失败，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('审核通过')).toBeTruthy();
    expect(screen.queryByText('请求失败，请稍后重试')).toBeNull();
  });
});

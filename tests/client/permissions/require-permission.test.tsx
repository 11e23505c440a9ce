// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequirePermission } from '../../../src/client/permissions/require-permission';
import { fetchSessionUserInfo } from '../../../src/client/session/session-api';
import { endSession, startSession } from '../../../src/client/session/session-store';
import { clearUserSession, setUserSession } from '../../../src/client/session/user-session-store';
import type { UserInfo } from '../../../src/shared/generated/user-info';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

vi.mock('../../../src/client/session/session-api', () => ({ fetchSessionUserInfo: vi.fn() }));
const fetchInfo = vi.mocked(fetchSessionUserInfo);

const REVIEWER_INFO: UserInfo = {
  fullname: '李娜',
  roles: [{ id: 'reviewer', name: '审核人', permissions: [{ permissionId: 'application', actionList: ['query', 'get', 'update'] }] }],
};
const APPLICANT_INFO: UserInfo = { fullname: '张伟', roles: [{ id: 'applicant', name: '申报人', permissions: [] }] };

beforeAll(() => stubMatchMedia());
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  endSession();
  clearUserSession();
  vi.clearAllMocks();
});

function renderGuarded(): void {
  renderWithProviders(
    <RequirePermission check="application.query">
      <p>审核列表</p>
    </RequirePermission>,
    { path: '/integrity/audit', routePath: '/integrity/audit', routes: [{ path: '/home', element: <p>首页</p> }] },
  );
}

describe('<RequirePermission>: a page that needs a permission (spec §6)', () => {
  it('shows the page when the session holds the permission, without fetching again', () => {
    startSession('t1');
    setUserSession('t1', REVIEWER_INFO, []);
    renderGuarded();
    expect(screen.getByText('审核列表')).toBeTruthy();
    expect(fetchInfo).not.toHaveBeenCalled();
  });

  it('shows the 403 page in place when the permission is missing', async () => {
    startSession('t1');
    setUserSession('t1', APPLICANT_INFO, []);
    renderGuarded();
    expect(screen.queryByText('审核列表')).toBeNull();
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.getByText('抱歉，您无权访问此页面')).toBeTruthy();
  });

  it('treats a user info without roles as no permission', async () => {
    startSession('t1');
    fetchInfo.mockResolvedValue({ fullname: '李娜' });
    renderGuarded();
    expect(await screen.findByText('403')).toBeTruthy();
  });

  it('loads the permissions itself when the session has not (no unit chosen yet), then shows the page', async () => {
    startSession('t1');
    fetchInfo.mockResolvedValue(REVIEWER_INFO);
    renderGuarded();
    expect(document.querySelector('.kc-permission-loading')).not.toBeNull();
    expect(await screen.findByText('审核列表')).toBeTruthy();
    expect(fetchInfo).toHaveBeenCalledTimes(1);
  });

  it('offers to try again when the user info cannot be had', async () => {
    startSession('t1');
    fetchInfo.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(REVIEWER_INFO);
    renderGuarded();
    expect(await screen.findByText('请求用户信息失败，请重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('审核列表')).toBeTruthy();
  });

  it('sends a visitor without a token to the home route', async () => {
    renderGuarded();
    expect(await screen.findByText('首页')).toBeTruthy();
  });
});

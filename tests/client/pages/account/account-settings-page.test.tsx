// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AccountSettingsPage from '../../../../src/client/pages/account/account-settings-page';
import { changePassword, fetchSecuritySummary } from '../../../../src/client/passport/passport-api';
import { fetchSessionUserInfo } from '../../../../src/client/session/session-api';
import { notePasswordChange, passwordChangeRequired } from '../../../../src/client/session/password-change-store';
import { endSession, startSession } from '../../../../src/client/session/session-store';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

vi.mock('../../../../src/client/passport/passport-api', () => ({
  fetchSecuritySummary: vi.fn(async () => ({
    username: 'applicant',
    passwordChangedAt: '2026-11-01T02:00:00.000Z',
    phone: '138****0001',
    email: 'a***@example.com',
    activeSessions: 2,
    ssoBound: false,
  })),
  changePassword: vi.fn(async () => '密码修改成功'),
}));

// The header's user info, which the page reads for the username rule; no server here.
vi.mock('../../../../src/client/session/session-api', () => ({
  fetchSessionUserInfo: vi.fn(async () => ({ fullname: '新用户', username: 'newcomer', mustChangePassword: true })),
}));

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderPage() {
  // As the app renders buttons (renderWithProviders sets autoInsertSpace as app.tsx does): 保存, not 保 存.
  return renderWithProviders(<AccountSettingsPage />);
}

describe('/account/settings', () => {
  it('shows the security summary', async () => {
    renderPage();
    expect(await screen.findByText('138****0001')).toBeTruthy();
    expect(screen.getByText('a***@example.com')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
    expect(fetchSecuritySummary).toHaveBeenCalledTimes(1);
  });

  it('the strength meter follows the new password as it is typed', async () => {
    const { container } = renderPage();
    const meter = () => container.querySelector<HTMLElement>('.kc-strength-meter');
    expect(meter()?.dataset['level']).toBe('empty');
    fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'aA1!' } });
    await waitFor(() => expect(meter()?.dataset['score']).toBe('50'));
    expect(meter()?.dataset['level']).toBe('medium');
    fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'Kechuang@2026x' } });
    await waitFor(() => expect(meter()?.dataset['level']).toBe('strong'));
  });

  it('sends old, new and confirm with PUT change-password, refusing a mismatch in the browser', async () => {
    renderPage();
    fireEvent.change(screen.getByPlaceholderText('原密码'), { target: { value: 'Kechuang@2026' } });
    // The portal's own name is refused in the browser already (SECURITY R01 context words).
    fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'Kechuang@2027' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/^密码不能包含本系统或所在城市的名称/)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'Kj$w-2027-xyz' } });
    fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'Kj$w-2028-xyz' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'Kj$w-2027-xyz' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(changePassword).toHaveBeenCalledWith({
        oldPassword: 'Kechuang@2026',
        newPassword: 'Kj$w-2027-xyz',
        confirmPassword: 'Kj$w-2027-xyz',
      }),
    );
  });

  it("while the password is still an administrator's: the notice and the change only, then home (SECURITY R07)", async () => {
    startSession('limited-token');
    notePasswordChange('limited-token', true);
    try {
      renderWithProviders(<AccountSettingsPage />, {
        path: '/account/settings',
        routePath: '/account/settings',
        routes: [{ path: '/home', element: <p>首页</p> }],
      });
      expect(await screen.findByText('首次登录请先修改密码')).toBeTruthy();
      // The summary would be refused (403 passwordChangeRequired), so it is not asked for.
      expect(fetchSecuritySummary).not.toHaveBeenCalled();
      expect(screen.queryByText('安全设置')).toBeNull();

      fireEvent.change(screen.getByPlaceholderText('原密码'), { target: { value: 'Given-by-admin#1' } });
      fireEvent.change(screen.getByPlaceholderText('新密码'), { target: { value: 'Kj$w-2027-xyz' } });
      fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'Kj$w-2027-xyz' } });
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByText('首页')).toBeTruthy();
      expect(passwordChangeRequired()).toBe(false);
    } finally {
      endSession();
    }
  });

  it('says why when the password has expired (SECURITY R01, PASSWORD_MAX_AGE_DAYS)', async () => {
    vi.mocked(fetchSessionUserInfo).mockImplementation(async () => ({
      fullname: '老用户',
      username: 'veteran',
      mustChangePassword: true,
      passwordExpired: true,
    }));
    startSession('expired-token');
    notePasswordChange('expired-token', true);
    try {
      renderPage();
      expect(await screen.findByText('密码已过期，请修改密码')).toBeTruthy();
      expect(screen.getByText(/不能与最近 5 次使用过的密码相同/)).toBeTruthy();
      expect(screen.queryByText('首次登录请先修改密码')).toBeNull();
      expect(fetchSecuritySummary).not.toHaveBeenCalled();
    } finally {
      endSession();
      vi.mocked(fetchSessionUserInfo).mockImplementation(async () => ({
        fullname: '新用户',
        username: 'newcomer',
        mustChangePassword: true,
      }));
    }
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api/api-error';
import { notifyError } from '../../../src/client/api/notifier';
import { setFeedbackApi, type FeedbackApi } from '../../../src/client/feedback/feedback-api';
import { getToken, startSession } from '../../../src/client/session/session-store';
import { revokeToken } from '../../../src/client/session/session-api';
import { readStoredUserUnit, storeUserUnit } from '../../../src/client/session/stored-user-unit';
import { handleUserInfoFailure, passportLoginHref } from '../../../src/client/session/user-info-failure';
import { getUserSession, setUserSession } from '../../../src/client/session/user-session-store';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../../src/shared/constants';

vi.mock('../../../src/client/api/notifier', () => ({ notifyError: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../../src/client/session/session-api', () => ({ revokeToken: vi.fn(async () => undefined) }));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('a failed user-info fetch (spec §4, §8)', () => {
  it('waits for the notice to be able to show (its code loads after the first paint), at most 5 s, before the second before the reload', async () => {
    startSession('token-z');
    const reload = vi.fn();
    handleUserInfoFailure('/activities', { navigate: vi.fn(), reload });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reload).not.toHaveBeenCalled();
    setFeedbackApi({} as FeedbackApi);
    await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('notifies, logs out (token, roles, stored token, userUnit, server), redirects with the target, reloads after 1 s', async () => {
    startSession('token-x');
    storeUserUnit({ token: 'token-x', isSelect: 1, id: 'u1', name: '星河' });
    const roles = [
      { id: 'integrity', name: '科研诚信管理员', permissions: [{ permissionId: 'integrityCredit', actionList: ['query' as const] }] },
    ];
    setUserSession('token-x', { fullname: '张伟', roles }, [
      {
        id: 'i',
        parentId: '0',
        name: 'integrity',
        path: '/integrity',
        component: 'RouteView',
        meta: { title: '科研诚信', permission: ['integrityCredit'] },
      },
    ]);
    expect(getUserSession()?.permissions).toEqual([{ permissionId: 'integrityCredit', actionList: ['query'] }]);
    const navigate = vi.fn();
    const reload = vi.fn();

    handleUserInfoFailure('/account/settings?tab=security', { navigate, reload });

    expect(notifyError).toHaveBeenCalledWith('请求用户信息失败，请重试');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
    expect(readStoredUserUnit()).toBeUndefined();
    expect(getUserSession()).toBeUndefined();
    expect(revokeToken).toHaveBeenCalledWith('token-x');
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Faccount%2Fsettings%3Ftab%3Dsecurity');
    expect(reload).not.toHaveBeenCalled();
    // The notice could show at once (the feedback instances are there since the test above).
    await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the timeout to the HTTP client: no 请求用户信息失败 after a 401 sessionIdleTimeout, the rest as usual', () => {
    startSession('token-y');
    const navigate = vi.fn();
    handleUserInfoFailure(
      '/activities',
      { navigate, reload: vi.fn() },
      new ApiError('登录已超时，请重新登录', 401, 401, [], 'sessionIdleTimeout'),
    );
    expect(notifyError).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Factivities');
  });

  it('puts only a same-site target in the query', () => {
    expect(passportLoginHref('//evil.com')).toBe('/user/login?redirect=%2F');
    expect(passportLoginHref('/policies/12?tab=a')).toBe('/user/login?redirect=%2Fpolicies%2F12%3Ftab%3Da');
  });
});

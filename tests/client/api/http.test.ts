// @vitest-environment happy-dom
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api/api-error';
import { http } from '../../../src/client/api/http';
import { notifyError } from '../../../src/client/api/notifier';
import { passwordChangeRequired } from '../../../src/client/session/password-change-store';
import { getSessionActivity } from '../../../src/client/session/session-activity-store';
import { endSession, getToken, startSession } from '../../../src/client/session/session-store';

vi.mock('../../../src/client/api/notifier', () => ({ notifyError: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn() }));

const seen: InternalAxiosRequestConfig[] = [];

function reply(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

beforeEach(() => {
  seen.length = 0;
  vi.mocked(notifyError).mockClear();
  endSession();
});

describe('the HTTP client', () => {
  it('uses base /api and a 20 s timeout', () => {
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.timeout).toBe(20_000);
  });

  it('sends the bearer token on every call except the search', async () => {
    startSession('tok-1');
    await http.get('/integrity/app/user/settings/info', { adapter: reply(200, { code: 0, data: {} }) });
    await http.get('/sys/api/search', { params: { q: 'x' }, adapter: reply(200, { code: 0, data: [] }) });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(seen[1]?.headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem('ACCESS_TOKEN')).toBe('tok-1');
    expect(document.cookie).toContain('Access-Token=tok-1');
  });

  it('notifies the server message for a business error code and rejects', async () => {
    const error = await failure(http.get('/x', { adapter: reply(200, { code: 500, msg: '服务繁忙' }) }));
    expect(error.message).toBe('服务繁忙');
    expect(notifyError).toHaveBeenCalledWith('服务繁忙');
  });

  it('accepts code 0, code 200 and a success flag', async () => {
    await http.get('/a', { adapter: reply(200, { code: 0, data: 1 }) });
    await http.post('/b', {}, { adapter: reply(200, { success: true, code: 200, result: { token: 't' } }) });
    await http.get('/c', { adapter: reply(200, { success: true, data: { image: 'data:' } }) });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('leaves field errors to a form that handles them, and notifies otherwise', async () => {
    const body = {
      code: 400,
      msg: '参数校验失败',
      errors: [{ path: 'theme', keyword: 'maxLength', params: { limit: 50 }, message: '最多输入50个字符' }],
    };
    const handled = await failure(http.post('/m', {}, { handlesFieldErrors: true, adapter: reply(400, body) }));
    expect(handled.fieldErrors).toHaveLength(1);
    expect(notifyError).not.toHaveBeenCalled();
    await failure(http.post('/m', {}, { adapter: reply(400, body) }));
    expect(notifyError).toHaveBeenCalledWith('参数校验失败');
  });

  it('shows the server message for a 403', async () => {
    await failure(http.get('/admin', { adapter: reply(403, { code: 403, msg: '无权访问该资源' }) }));
    expect(notifyError).toHaveBeenCalledWith('无权访问该资源');
  });

  it('takes a 403 passwordChangeRequired as the session owing its password change: noted, not notified, still logged in', async () => {
    startSession('limited');
    const error = await failure(
      http.get('/integrity/app/user/routes', {
        adapter: reply(403, { code: 403, msg: '首次登录请先修改密码', reason: 'passwordChangeRequired' }),
      }),
    );
    expect(error).toMatchObject({ status: 403, reason: 'passwordChangeRequired', message: '首次登录请先修改密码' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(passwordChangeRequired()).toBe(true);
    expect(getToken()).toBe('limited');
    // Owed by that session only: another login starts clean.
    startSession('another');
    expect(passwordChangeRequired()).toBe(false);
  });

  it('answers a 401 with 没有足够的权限 and logs out', async () => {
    startSession('stale');
    await failure(http.get('/integrity/app/user/settings/info', { adapter: reply(401, { code: 401, msg: '未登录' }) }));
    expect(notifyError).toHaveBeenCalledWith('没有足够的权限');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });

  it('says the session timed out (not 没有足够的权限) once, even for a silent call, and logs out', async () => {
    startSession('timed-out');
    const timedOut = { code: 401, msg: '登录已超时，请重新登录', reason: 'sessionIdleTimeout' };
    const error = await failure(http.get('/integrity/app/user/settings/info', { silent: true, adapter: reply(401, timedOut) }));
    expect(error).toMatchObject({ status: 401, reason: 'sessionIdleTimeout', message: '登录已超时，请重新登录' });
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('登录已超时，请重新登录');
    expect(getToken()).toBeNull();
    // A second call still in flight when the session ended says nothing more.
    await failure(http.get('/x', { adapter: reply(401, timedOut) }));
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it("records the session's remaining idle time from an authenticated answer, a refusal included", async () => {
    startSession('active');
    const withHeader =
      (status: number, data: unknown): AxiosAdapter =>
      async (config) => {
        const response = { data, status, statusText: '', headers: { 'x-session-idle-remaining': '600000' }, config, request: {} };
        if (status < 300) return response;
        throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
      };
    const before = Date.now();
    await http.get('/x', { adapter: withHeader(200, { code: 0, data: null }) });
    expect(getSessionActivity()?.idleExpiresAt).toBeGreaterThanOrEqual(before + 600_000);
    endSession();
    startSession('active');
    expect(getSessionActivity()).toBeUndefined();
    await failure(http.post('/y', {}, { silent: true, adapter: withHeader(409, { code: 409, msg: '已更新', reason: 'versionConflict' }) }));
    expect(getSessionActivity()?.token).toBe('active');
  });

  it('keeps the session for a 401 that carries the login flag', async () => {
    startSession('kept');
    await failure(http.get('/x', { adapter: reply(401, { code: 401, msg: '需要登录', result: { isLogin: true } }) }));
    expect(getToken()).toBe('kept');
  });

  it("carries the envelope's reason for a specific refusal, and none for a generic one", async () => {
    const closed = await failure(
      http.post(
        '/sys/form/data/submitData',
        {},
        { silent: true, adapter: reply(403, { code: 403, msg: '申报已截止', reason: 'windowClosed' }) },
      ),
    );
    expect(closed).toMatchObject({ status: 403, message: '申报已截止', reason: 'windowClosed' });
    const conflict = await failure(
      http.post(
        '/s',
        {},
        { silent: true, adapter: reply(409, { code: 409, msg: '已更新', reason: 'versionConflict', data: { version: 3 } }) },
      ),
    );
    expect(conflict.reason).toBe('versionConflict');
    const generic = await failure(http.get('/y', { silent: true, adapter: reply(403, { code: 403, msg: '没有足够的权限' }) }));
    expect(generic.reason).toBeUndefined();
    // A business failure inside a 200 answers the same way.
    const business = await failure(
      http.get('/z', { silent: true, adapter: reply(200, { code: 403, msg: '暂不具备资格', reason: 'notQualified' }) }),
    );
    expect(business.reason).toBe('notQualified');
    expect(notifyError).not.toHaveBeenCalled();
  });
});

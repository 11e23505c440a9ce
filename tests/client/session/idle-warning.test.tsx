// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/client/api/http';
import { IdleWarning } from '../../../src/client/session/idle-warning';
import { recordSessionActivity, recordSessionExpiry } from '../../../src/client/session/session-activity-store';
import { endSession, getToken, startSession } from '../../../src/client/session/session-store';
import { stubMatchMedia } from '../helpers/dom-setup';

vi.mock('../../../src/client/api/notifier', () => ({ notifyError: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn() }));

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;
const calls: string[] = [];

/** The server: every authenticated answer says the full idle time is left. */
const server: AxiosAdapter = async (config) => {
  calls.push(String(config.url));
  const data = config.url?.endsWith('/settings/info')
    ? {
        code: 0,
        data: { fullname: '张伟', session: { idleTimeoutMs: IDLE, expiresAt: new Date(Date.now() + 7 * 24 * 60 * MINUTE).toISOString() } },
      }
    : { code: 0, data: null };
  return { data, status: 200, statusText: 'OK', headers: { 'x-session-idle-remaining': String(IDLE) }, config, request: {} };
};

/**
 * Shown: the modal is in the page and not on its way out. antd keeps a closed modal, and happy-dom
 * never ends its leave animation, so "leaving" counts as closed.
 */
function warningShown(): boolean {
  const modal = document.querySelector('.kc-idle-warning');
  if (!modal) return false;
  const wrap = modal.closest<HTMLElement>('.ant-modal-wrap');
  return !modal.classList.contains('ant-zoom-leave') && wrap?.style.display !== 'none';
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  stubMatchMedia();
  vi.useFakeTimers();
  http.defaults.adapter = server;
  calls.length = 0;
  startSession('tok-idle');
});

afterEach(() => {
  cleanup();
  endSession();
  vi.useRealTimers();
});

describe('the idle warning (SECURITY R10)', () => {
  it('appears two minutes before the idle timeout, not earlier', async () => {
    render(<IdleWarning />);
    act(() => recordSessionActivity('tok-idle', IDLE));
    await advance(28 * MINUTE - 1000);
    expect(warningShown()).toBe(false);
    await advance(1000);
    expect(warningShown()).toBe(true);
    expect(screen.getByText('登录即将超时')).toBeTruthy();
    expect(screen.getByText('您已较长时间未操作，登录将在 2 分钟后失效。')).toBeTruthy();
  });

  it('继续使用 makes an authenticated call, which starts the idle time again', async () => {
    render(<IdleWarning />);
    act(() => recordSessionActivity('tok-idle', IDLE));
    await advance(28 * MINUTE);
    expect(warningShown()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /继续使用/ }));
    await advance(0);
    expect(calls).toEqual(['/integrity/app/user/settings/info']);
    await advance(1000);
    expect(warningShown()).toBe(false);
    // A full idle period from the click, not from the first activity.
    await advance(27 * MINUTE);
    expect(warningShown()).toBe(false);
    await advance(MINUTE);
    expect(warningShown()).toBe(true);
  });

  it('is pushed back by any authenticated API response', async () => {
    render(<IdleWarning />);
    act(() => recordSessionActivity('tok-idle', IDLE));
    await advance(20 * MINUTE);
    await act(async () => {
      await http.get('/sys/form/data/queryApplication');
    });
    await advance(10 * MINUTE);
    expect(warningShown()).toBe(false);
    await advance(18 * MINUTE);
    expect(warningShown()).toBe(true);
  });

  it('ignores a response without the header (a public route) and a call made with another token', async () => {
    render(<IdleWarning />);
    act(() => recordSessionActivity('tok-idle', IDLE));
    await advance(20 * MINUTE);
    await act(async () => {
      await http.get('/schemas/activities', {
        adapter: async (config) => ({ data: { code: 0, data: [] }, status: 200, statusText: 'OK', headers: {}, config, request: {} }),
      });
      recordSessionActivity('someone-else', IDLE);
    });
    await advance(8 * MINUTE);
    expect(warningShown()).toBe(true);
  });

  it('warns before the absolute end too; acknowledged, it is not shown again', async () => {
    render(<IdleWarning />);
    act(() => {
      recordSessionActivity('tok-idle', IDLE);
      recordSessionExpiry('tok-idle', new Date(Date.now() + 10 * MINUTE).toISOString());
    });
    await advance(8 * MINUTE);
    expect(warningShown()).toBe(true);
    expect(screen.getByText('登录即将到期')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /继续使用/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /知道了/ }));
    await advance(1000);
    expect(warningShown()).toBe(false);
    await advance(MINUTE);
    expect(warningShown()).toBe(false);
  });

  it('退出登录 ends the session', async () => {
    const loggedOut = vi.fn();
    render(<IdleWarning onLoggedOut={loggedOut} />);
    act(() => recordSessionActivity('tok-idle', IDLE));
    await advance(28 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    await advance(0);
    expect(getToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalled();
    expect(calls).toContain('/oauth/logout');
    await advance(1000);
    expect(warningShown()).toBe(false);
  });
});

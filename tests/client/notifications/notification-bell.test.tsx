// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../src/client/i18n/locale-store';
import { fetchUnreadCount } from '../../../src/client/notifications/notification-api';
import { NotificationBell } from '../../../src/client/notifications/notification-bell';
import { setUnreadCount } from '../../../src/client/notifications/unread-store';
import { endSession, startSession } from '../../../src/client/session/session-store';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

vi.mock('../../../src/client/notifications/notification-api', () => ({ fetchUnreadCount: vi.fn(async () => 3) }));
const unread = vi.mocked(fetchUnreadCount);

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  endSession();
  setUnreadCount(undefined);
  setLocale('zh-CN');
  vi.clearAllMocks();
});

describe('NotificationBell', () => {
  it('shows the unread count with an accessible name and leads to the message centre', async () => {
    startSession('bell-token');
    renderWithProviders(<NotificationBell />, { path: '/home' });
    const bell = await screen.findByRole('link', { name: '消息通知（3条未读）' });
    expect(bell.getAttribute('href')).toBe('/account/notifications');
    expect(bell.textContent).toContain('3');
  });

  it('asks again on navigation and follows a change made elsewhere (a notice marked read)', async () => {
    startSession('bell-token');
    const { router } = renderWithProviders(<NotificationBell />, { path: '/home' });
    await screen.findByRole('link', { name: '消息通知（3条未读）' });
    expect(unread).toHaveBeenCalledTimes(1);
    unread.mockResolvedValueOnce(1);
    await act(() => router.navigate('/activities'));
    await waitFor(() => expect(unread).toHaveBeenCalledTimes(2));
    await screen.findByRole('link', { name: '消息通知（1条未读）' });
    act(() => setUnreadCount(0));
    expect(screen.getByRole('link', { name: '消息通知' })).toBeTruthy();
  });

  it('speaks English in en-US', async () => {
    setLocale('en-US');
    startSession('bell-token');
    renderWithProviders(<NotificationBell />, { path: '/home' });
    expect(await screen.findByRole('link', { name: 'Notifications (3 unread)' })).toBeTruthy();
  });

  it('is absent for a visitor, who is never asked about', () => {
    renderWithProviders(<NotificationBell />, { path: '/home' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(unread).not.toHaveBeenCalled();
  });
});

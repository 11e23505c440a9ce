import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope, Page } from '../../shared/api/envelope';
import type { Notification } from '../../shared/generated/notification';
import type { NotificationCount } from '../../shared/generated/notification-count';
import type { NotificationPageRequest } from '../../shared/generated/notification-page-request';
import { http } from '../api/http';

export type NotificationPage = Page<Notification>;

/** The caller's own notices, one page (消息中心). */
export async function fetchNotifications(request: NotificationPageRequest): Promise<NotificationPage> {
  const response = await http.post<ApiEnvelope<NotificationPage>>(ENDPOINTS.notifications, request);
  return response.data.data ?? { total: 0, records: [] };
}

/** The bell's number. Silent: a failed poll shows nothing rather than an error toast every minute. */
export async function fetchUnreadCount(): Promise<number> {
  const response = await http.get<ApiEnvelope<NotificationCount>>(ENDPOINTS.notificationsUnread, { silent: true });
  return response.data.data?.count ?? 0;
}

export async function markNotificationRead(id: string): Promise<Notification | undefined> {
  const response = await http.post<ApiEnvelope<Notification>>(ENDPOINTS.notificationRead, { id });
  return response.data.data ?? undefined;
}

export async function markAllNotificationsRead(): Promise<number> {
  const response = await http.post<ApiEnvelope<NotificationCount>>(ENDPOINTS.notificationsReadAll);
  return response.data.data?.count ?? 0;
}

import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

/**
 * The HTTP client and the submit pipeline live outside React but must show antd notifications
 * that follow the app's theme and locale. The app registers antd's context-aware instances here
 * (see NotifierBridge); before that, the static functions serve.
 */
let notificationApi: NotificationInstance = staticNotification;
let messageApi: MessageInstance = staticMessage;

export function registerNotifier(notification: NotificationInstance, message: MessageInstance): void {
  notificationApi = notification;
  messageApi = message;
}

/** Spec §8: an error notification titled '错误' with the server's message, for 4 seconds. */
export function notifyError(description: string): void {
  notificationApi.error({ message: textsFor(getLocale()).error, description, duration: 4 });
}

export function toastSuccess(content: string): void {
  void messageApi.success(content);
}

export function toastError(content: string): void {
  void messageApi.error(content);
}

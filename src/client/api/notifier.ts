import { withFeedback } from '../feedback/feedback-api';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

// The HTTP client and the submit pipeline live outside React but must show antd notifications that
// follow the app's theme and locale: the app's own instances, once loaded (feedback-provider.tsx).

/** Spec §8: an error notification titled '错误' with the server's message, for 4 seconds. */
export function notifyError(description: string): void {
  withFeedback(({ notification }) => notification.error({ message: textsFor(getLocale()).error, description, duration: 4 }));
}

export function toastSuccess(content: string): void {
  withFeedback(({ message }) => void message.success(content));
}

export function toastError(content: string): void {
  withFeedback(({ message }) => void message.error(content));
}

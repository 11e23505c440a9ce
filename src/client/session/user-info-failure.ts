import { LOGOUT_REDIRECT_DELAY_MS } from '../../shared/constants';
import { ApiError } from '../api/api-error';
import { notifyError } from '../api/notifier';
import { feedbackReady } from '../feedback/feedback-api';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { logout } from './logout';
import { PASSPORT_LOGIN_PATH } from './route-guards';
import { safeRedirect } from '../../shared/rules/safe-redirect';

/** The passport login that brings the user back to `target` (a same-site path, else /). */
export function passportLoginHref(target: string): string {
  return `${PASSPORT_LOGIN_PATH}?redirect=${encodeURIComponent(safeRedirect(target))}`;
}

export interface FailureEffects {
  navigate: (href: string) => void;
  reload: () => void;
}

/**
 * Spec §4/§8, a failed user-info fetch: the error notification '错误' / '请求用户信息失败，请重试'
 * (unless the session timed out: `error` is the failure, when known),
 * logout, the passport login with the target in the query, then a page reload after 1 s, so that
 * nothing the failed session loaded stays in memory.
 */
export function handleUserInfoFailure(target: string, effects: FailureEffects, error?: unknown): void {
  // A timed-out session (ADR 0008) has been told as such by the HTTP client; a second notification
  // would blame the user info.
  if (!(error instanceof ApiError && error.reason === 'sessionIdleTimeout')) notifyError(textsFor(getLocale()).userInfoFailed);
  void logout();
  effects.navigate(passportLoginHref(target));
  // The notice's code loads after the first paint (ADR 0017), and a failure at start-up may come
  // first: the second before the reload counts from when the notice can show, waiting at most 5 s.
  const shown = Promise.race([feedbackReady(), new Promise<void>((resolve) => setTimeout(resolve, NOTICE_WAIT_MS))]);
  void shown.then(() => setTimeout(effects.reload, LOGOUT_REDIRECT_DELAY_MS));
}

const NOTICE_WAIT_MS = 5_000;

import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { UserInfo } from '../../shared/generated/user-info';
import type { UserRoute } from '../../shared/generated/user-route';
import { http } from '../api/http';
import { notePasswordChange } from './password-change-store';
import { recordSessionExpiry } from './session-activity-store';
import { getToken } from './session-store';

// On a first load several parts ask for the user info at once (the session rules, the header's
// name, a page's permission guard): one request per token and mode answers all of them.
const inFlight = new Map<string, Promise<UserInfo>>();

/**
 * The user info for the session rules. Silent: a failure has its own notification and path
 * (spec §4, §8 '请求用户信息失败，请重试'), which the caller runs. An explicit token serves the
 * moment right after login, before the session holds it. The idle warning's 继续使用 asks for it
 * not silent, so a failure there is said. Calls while one is running share its answer.
 */
export function fetchSessionUserInfo(token?: string, options: { silent?: boolean } = {}): Promise<UserInfo> {
  const sentWith = token ?? getToken();
  const silent = options.silent ?? true;
  const key = `${sentWith ?? ''}|${String(silent)}`;
  const running = inFlight.get(key);
  if (running) return running;
  const load = requestUserInfo(token, sentWith, silent).finally(() => inFlight.delete(key));
  inFlight.set(key, load);
  return load;
}

async function requestUserInfo(token: string | undefined, sentWith: string | null, silent: boolean): Promise<UserInfo> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const response = await http.get<ApiEnvelope<UserInfo>>(ENDPOINTS.userInfo, { silent, headers });
  const info = response.data.data;
  if (!info) throw new Error('user info response carries no data');
  // The absolute end of the session, for the idle warning (ADR 0008).
  if (sentWith && info.session) recordSessionExpiry(sentWith, info.session.expiresAt);
  // The first thing a login asks: whether the password is still an administrator's (SECURITY R07).
  if (sentWith) notePasswordChange(sentWith, info.mustChangePassword === true);
  return info;
}

/** Spec §4: the routes generated after login (the 科研诚信 tree). */
export async function fetchUserRoutes(): Promise<UserRoute[]> {
  const response = await http.get<ApiEnvelope<UserRoute[]>>(ENDPOINTS.userRoutes);
  return response.data.data ?? [];
}

/**
 * Revokes a token on the server (spec §7 POST /oauth/logout). The token is passed in because the
 * session has usually dropped it already; a 401 (already revoked) is silent.
 */
export async function revokeToken(token: string): Promise<void> {
  await http.post(ENDPOINTS.passportLogout, {}, { silent: true, headers: { Authorization: `Bearer ${token}` } });
}

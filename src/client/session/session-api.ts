import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { UserInfo } from '../../shared/generated/user-info';
import type { UserRoute } from '../../shared/generated/user-route';
import { http } from '../api/http';
import { recordSessionExpiry } from './session-activity-store';
import { getToken } from './session-store';

/**
 * The user info for the session rules. Silent: a failure has its own notification and path
 * (spec §4, §8 '请求用户信息失败，请重试'), which the caller runs. An explicit token serves the
 * moment right after login, before the session holds it. The idle warning's 继续使用 asks for it
 * not silent, so a failure there is said.
 */
export async function fetchSessionUserInfo(token?: string, options: { silent?: boolean } = {}): Promise<UserInfo> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const sentWith = token ?? getToken();
  const response = await http.get<ApiEnvelope<UserInfo>>(ENDPOINTS.userInfo, { silent: options.silent ?? true, headers });
  const info = response.data.data;
  if (!info) throw new Error('user info response carries no data');
  // The absolute end of the session, for the idle warning (ADR 0008).
  if (sentWith && info.session) recordSessionExpiry(sentWith, info.session.expiresAt);
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

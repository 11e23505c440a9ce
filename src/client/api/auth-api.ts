import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { LoginAnswer } from '../../shared/generated/login-answer';
import type { LoginRequest } from '../../shared/generated/login-request';
import type { UserInfo } from '../../shared/generated/user-info';
import { http } from './http';

export type { UserInfo };

/** Logs in and returns the token. Silent: the login page shows the server's message itself. */
export async function login(username: string, password: string): Promise<string> {
  // Spec §3: code is fixed to '2', the password login.
  const body: LoginRequest = { username, password, code: '2' };
  const response = await http.post<LoginAnswer>(ENDPOINTS.login, body, { silent: true });
  const token = response.data.result?.token;
  if (!token) throw new Error('login response carries no token');
  return token;
}

export async function fetchUserInfo(): Promise<UserInfo> {
  const response = await http.get<ApiEnvelope<UserInfo>>(ENDPOINTS.userInfo);
  const info = response.data.data;
  if (!info) throw new Error('user info response carries no data');
  return info;
}

export async function logout(): Promise<void> {
  await http.post(ENDPOINTS.logout, {}, { silent: true });
}

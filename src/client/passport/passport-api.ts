import { API_BASE, ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { ChangePasswordRequest } from '../../shared/generated/change-password-request';
import type { CaptchaAnswer } from '../../shared/generated/captcha-answer';
import type { LoginAnswer } from '../../shared/generated/login-answer';
import type { LoginRequest } from '../../shared/generated/login-request';
import type { RegisterRequest } from '../../shared/generated/register-request';
import type { ResetPasswordRequest } from '../../shared/generated/reset-password-request';
import type { SecuritySummary } from '../../shared/generated/security-summary';
import type { SendSmsRequest } from '../../shared/generated/send-sms-request';
import type { SsoBindRequest } from '../../shared/generated/sso-bind-request';
import type { UserUnit } from '../../shared/generated/user-unit';
import { http } from '../api/http';
import { loginOutcomeOf, type LoginOutcome } from './second-factor-api';

/** A visitor's captcha: the image and the id to send back with the typed text. */
export type LoginCaptcha = Required<CaptchaAnswer['data']>;

type LoginEndpoint = typeof ENDPOINTS.login | typeof ENDPOINTS.passportLogin;

/**
 * A password login on /sys/user/login or /oauth/login, same lockout and captcha behind both.
 * Silent: the page shows the server's message inline (spec §8 "Login failure: data passed on").
 */
export async function passwordLogin(endpoint: LoginEndpoint, credentials: Omit<LoginRequest, 'code'>): Promise<LoginOutcome> {
  // Spec §3: code is fixed to '2', the password login.
  const body: LoginRequest = { ...credentials, code: '2' };
  const response = await http.post<LoginAnswer>(endpoint, body, { silent: true });
  // A privileged role answers MFA_REQUIRED instead of a token (SECURITY R06, ADR 0067).
  return loginOutcomeOf(response.data);
}

/** The graphic captcha of the login (spec §7 GET /oauth/loginCode). */
export async function fetchLoginCaptcha(): Promise<LoginCaptcha> {
  const response = await http.get<CaptchaAnswer>(ENDPOINTS.passportCaptcha, { silent: true });
  const { image, captchaId } = response.data.data;
  if (!captchaId) throw new Error('login captcha response carries no captchaId');
  return { image, captchaId };
}

/** Sends an SMS code; resolves with the seconds until another may be sent. */
export async function sendSmsCode(body: SendSmsRequest): Promise<number> {
  const response = await http.post<ApiEnvelope<{ resendAfterSeconds?: number }>>(ENDPOINTS.sendSms, body, { silent: true });
  return response.data.data?.resendAfterSeconds ?? 60;
}

export async function resetPassword(body: ResetPasswordRequest): Promise<string | undefined> {
  const response = await http.post<ApiEnvelope<unknown>>(ENDPOINTS.resetPassword, body, { silent: true });
  return response.data.msg;
}

export async function registerAccount(body: RegisterRequest): Promise<void> {
  await http.post<ApiEnvelope<unknown>>(ENDPOINTS.register, body, { silent: true });
}

/** Binds the SSO subject behind `ticket` to a portal account and logs in (spec §7 ywtbJxAuthLogin). */
export async function bindSsoAccount(body: SsoBindRequest): Promise<LoginOutcome> {
  const response = await http.post<LoginAnswer>(ENDPOINTS.ssoBind, body, { silent: true });
  return loginOutcomeOf(response.data);
}

/**
 * Where the browser goes to start single sign-on: a full navigation, not an XHR call, since the
 * server answers with a 302 to the provider (ADR 0005).
 */
export function ssoLoginUrl(redirect: string): string {
  return `${API_BASE}${ENDPOINTS.ssoLogin}?redirect=${encodeURIComponent(redirect)}`;
}

export async function changePassword(body: ChangePasswordRequest): Promise<string | undefined> {
  const response = await http.put<ApiEnvelope<unknown>>(ENDPOINTS.changePassword, body, { handlesFieldErrors: true });
  return response.data.msg;
}

export async function fetchSecuritySummary(): Promise<SecuritySummary> {
  const response = await http.post<ApiEnvelope<SecuritySummary>>(ENDPOINTS.securitySettings, {});
  const summary = response.data.data;
  if (!summary) throw new Error('security summary response carries no data');
  return summary;
}

/** An explicit token serves the moment right after login, before the session holds it. */
function withToken(token: string | undefined): { headers?: { Authorization: string } } {
  return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
}

/** The user's units; right after a login (`token`) silent, since the login goes on without them (a password still to change). */
export async function fetchUserUnits(token?: string): Promise<UserUnit[]> {
  const response = await http.get<ApiEnvelope<UserUnit[]>>(ENDPOINTS.userUnits, {
    ...withToken(token),
    ...(token ? { silent: true } : {}),
  });
  return response.data.data ?? [];
}

/** Spec §7 POST /integrity/app/user/settings/unit?unitId=: the unit id goes in the query. */
export async function switchUnit(unitId: string, token?: string): Promise<{ unit: { id: string; name: string }; isSelect: 0 | 1 }> {
  const response = await http.post<ApiEnvelope<{ unit: { id: string; name: string }; isSelect: 0 | 1 }>>(
    ENDPOINTS.switchUnit,
    {},
    { params: { unitId }, ...withToken(token) },
  );
  const data = response.data.data;
  if (!data) throw new Error('unit switch response carries no data');
  return data;
}

import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { LoginAnswer } from '../../shared/generated/login-answer';
import type { MfaVerifyRequest } from '../../shared/generated/mfa-verify-request';
import { http } from '../api/http';

/** What MFA_REQUIRED hands the login page (SECURITY R06, ADR 0067): a token for the second step only. */
export type SecondFactorChallenge = NonNullable<NonNullable<LoginAnswer['result']>['mfa']>;

/** A login's outcome: a session, or the second step still to do. */
export type LoginOutcome =
  { kind: 'session'; token: string; redirect?: string } | { kind: 'secondFactor'; challenge: SecondFactorChallenge; redirect?: string };

/** Reads a login answer: result.token, or reason MFA_REQUIRED with result.mfa. */
export function loginOutcomeOf(answer: LoginAnswer): LoginOutcome {
  const result = answer.result ?? {};
  const redirect = result.redirect === undefined ? {} : { redirect: result.redirect };
  if (result.mfa) return { kind: 'secondFactor', challenge: result.mfa, ...redirect };
  if (!result.token) throw new Error('login response carries no token');
  return { kind: 'session', token: result.token, ...redirect };
}

/** The second step's calls carry the restricted token explicitly; the session store never holds it. */
const as = (token: string | undefined) => (token ? { headers: { Authorization: `Bearer ${token}` } } : {});

export interface SecondFactorStatus {
  required: boolean;
  enrolled: boolean;
  enrolledAt?: string;
  pending: boolean;
  smsAllowed: boolean;
  recoveryCodesLeft: number;
}

export async function fetchSecondFactorStatus(token?: string): Promise<SecondFactorStatus> {
  const response = await http.get<ApiEnvelope<SecondFactorStatus>>(ENDPOINTS.mfaStatus, { ...as(token), silent: true });
  const status = response.data.data;
  if (!status) throw new Error('second-factor status carries no data');
  return status;
}

/** Gives the second factor; resolves with the full session's token. */
export async function verifySecondFactor(token: string, body: MfaVerifyRequest): Promise<string> {
  const response = await http.post<LoginAnswer>(ENDPOINTS.mfaVerify, body, { ...as(token), silent: true });
  const session = response.data.result?.token;
  if (!session) throw new Error('second-factor response carries no token');
  return session;
}

/** Sends the SMS fallback's code; resolves with the seconds until another and the masked phone. */
export async function sendSecondFactorSms(token: string): Promise<{ resendAfterSeconds: number; phone: string }> {
  const response = await http.post<ApiEnvelope<{ resendAfterSeconds: number; phone: string }>>(
    ENDPOINTS.mfaSms,
    {},
    { ...as(token), silent: true },
  );
  const data = response.data.data;
  if (!data) throw new Error('sms response carries no data');
  return data;
}

export async function startTotpEnrolment(token?: string): Promise<{ secret: string; uri: string }> {
  const response = await http.post<ApiEnvelope<{ secret: string; uri: string }>>(
    ENDPOINTS.mfaEnrolment,
    {},
    { ...as(token), silent: true },
  );
  const data = response.data.data;
  if (!data) throw new Error('enrolment response carries no data');
  return data;
}

/** Confirms the enrolment with its first code: the recovery codes, and the session when it was a login. */
export async function confirmTotpEnrolment(code: string, token?: string): Promise<{ recoveryCodes: string[]; token?: string }> {
  const response = await http.post<ApiEnvelope<{ recoveryCodes: string[]; token?: string }>>(
    ENDPOINTS.mfaEnrolmentConfirm,
    { code },
    { ...as(token), silent: true },
  );
  const data = response.data.data;
  if (!data) throw new Error('enrolment confirmation carries no data');
  return data;
}

export async function resetTotpEnrolment(code: string): Promise<string | undefined> {
  const response = await http.post<ApiEnvelope<unknown>>(ENDPOINTS.mfaReset, { code }, { silent: true });
  return response.data.msg;
}

import axios, { AxiosHeaders, isAxiosError, type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, ENDPOINTS } from '../../shared/api/endpoints';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/api/idempotency';
import { API_TIMEOUT_MS } from '../../shared/constants';
import { beginPageLoad } from '../chunk/first-page-settled';
import { takeArrivedAnswer } from './arrived-answers';
import { SESSION_IDLE_REMAINING_HEADER } from '../../shared/rules/session-policy';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { notePasswordChange, PASSWORD_CHANGE_REQUIRED_REASON } from '../session/password-change-store';
import { recordSessionActivity } from '../session/session-activity-store';
import { endSession, getToken } from '../session/session-store';
import { ApiError, isFieldError } from './api-error';
import { createIdempotencyKeys } from './idempotency-keys';
import { notifyError } from './notifier';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller puts a 400's `errors[]` on its form fields (the submit pipeline), so the generic
     * notification would only repeat them. Any other failure is still notified.
     */
    handlesFieldErrors?: boolean;
    /** The caller shows every failure itself (the login page shows the server's message inline). */
    silent?: boolean;
  }
}

// Spec §6: every call carries the bearer token except the public search.
function isSearchCall(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  return path.split('?')[0] === ENDPOINTS.search;
}

function bodyOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function serverMessage(body: Record<string, unknown>): string | undefined {
  for (const key of ['msg', 'message'] as const) {
    const text = body[key];
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}

function fieldErrorsOf(body: Record<string, unknown>): ApiError['fieldErrors'] {
  const errors = body['errors'];
  return Array.isArray(errors) ? errors.filter(isFieldError) : [];
}

/** The envelope's `reason` (ADR 0004 refusals): a catalogue key, so only a plain word is taken. */
function reasonOf(body: Record<string, unknown>): string | undefined {
  const reason = body['reason'];
  return typeof reason === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(reason) ? reason : undefined;
}

// Spec §8: success is code 200 or 0; bodies without a code (the captcha) answer through `success`.
function isBusinessFailure(body: Record<string, unknown>): boolean {
  if ('code' in body) return body['code'] !== 0 && body['code'] !== 200 && body['code'] !== '0' && body['code'] !== '200';
  return body['success'] === false;
}

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const headers = AxiosHeaders.from(config.headers);
  const token = getToken();
  if (token && !isSearchCall(config.url)) headers.set('Authorization', `Bearer ${token}`);
  // The server words its field errors in this language.
  headers.set('Accept-Language', getLocale());
  config.headers = headers;
  return config;
}

const BEARER = /^Bearer (\S+)$/;

/** The token a request went out with, which may no longer be the session's. */
function tokenSentWith(response: AxiosResponse): string | undefined {
  return BEARER.exec(String(AxiosHeaders.from(response.config.headers).get('Authorization') ?? ''))?.[1];
}

/**
 * An answer the server authenticated carries how long its session has left (ADR 0008): that is the
 * activity the idle warning counts from, recorded against the token the request was sent with.
 */
function noteSessionActivity(response: AxiosResponse): void {
  // AxiosHeaders finds the name in any case; the response type is a union it does not take as is.
  const raw = String(AxiosHeaders.from(response.headers as Record<string, string>).get(SESSION_IDLE_REMAINING_HEADER) ?? '');
  // Absent on a public route's answer: not activity.
  if (!/^\d+$/.test(raw)) return;
  const remaining = Number(raw);
  const token = tokenSentWith(response);
  if (token) recordSessionActivity(token, remaining);
}

function onResponse(response: AxiosResponse): AxiosResponse {
  noteSessionActivity(response);
  // Blob responses (downloads) pass through untouched.
  if (response.config.responseType === 'blob' || response.data instanceof Blob) return response;
  const body = bodyOf(response.data);
  if (!isBusinessFailure(body)) return response;
  const message = serverMessage(body) ?? textsFor(getLocale()).requestFailed;
  if (!response.config.silent) notifyError(message);
  throw new ApiError(message, response.status, body['code'], fieldErrorsOf(body), reasonOf(body));
}

function onError(error: AxiosError): never {
  const texts = textsFor(getLocale());
  const config = error.config;
  const response = error.response;
  if (!response) {
    const message = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? texts.timeout : texts.networkError;
    if (!config?.silent) notifyError(message);
    throw new ApiError(message, undefined, error.code, []);
  }
  const body = bodyOf(response.data);
  const fieldErrors = fieldErrorsOf(body);
  const message = serverMessage(body) ?? texts.requestFailed;
  const silent = config?.silent === true;
  if (response.status === 401) {
    const timedOut = reasonOf(body) === 'sessionIdleTimeout';
    // Spec §8: a 401 that is not the login flow says '没有足够的权限' and ends a stale session.
    const loginFlag = bodyOf(body['result'])['isLogin'] === true;
    if (timedOut) {
      // The session timed out (ADR 0008): say so once, even for a silent call, since this is the
      // only place that learns why the user is logged out; later calls carry no token.
      if (getToken()) {
        notifyError(texts.sessionTimedOut);
        endSession();
      }
    } else if (!loginFlag) {
      if (!silent) notifyError(texts.noPermission);
      if (getToken()) endSession();
    }
    // The error keeps the server's own words for callers that show failures themselves (login).
    throw new ApiError(serverMessage(body) ?? texts.noPermission, 401, body['code'], fieldErrors, reasonOf(body));
  }
  // A refusal after authentication (403, 409…) still touched the session.
  noteSessionActivity(response);
  if (response.status === 403 && reasonOf(body) === PASSWORD_CHANGE_REQUIRED_REASON) {
    // Not said call by call: the session guard takes the user to the password change, whose page
    // says why (SECURITY R07).
    const token = tokenSentWith(response);
    if (token) notePasswordChange(token, true);
    throw new ApiError(message, 403, body['code'], fieldErrors, PASSWORD_CHANGE_REQUIRED_REASON);
  }
  const formHandlesIt = config?.handlesFieldErrors === true && fieldErrors.length > 0;
  if (!silent && !formHandlesIt) notifyError(message);
  throw new ApiError(message, response.status, body['code'], fieldErrors, reasonOf(body));
}

/** The one HTTP client: base /api, 20 s timeout (spec §7, §9). */
export const http = axios.create({ baseURL: API_BASE, timeout: API_TIMEOUT_MS });
http.interceptors.request.use(onRequest);
// The first page's calls hold the portal frame's code back until they are answered (ADR 0059):
// on a slow line a list's rows come before 180 KB of menus. Registered after onRequest, so it runs
// first on the way out, and before onResponse/onError, so it counts every answer and failure.
const pageLoads = new WeakMap<object, () => void>();
http.interceptors.request.use((config) => {
  pageLoads.set(config, beginPageLoad());
  return config;
});
// A call whose answer came with the page (ADR 0059) is answered from it, once, through the rest of
// the client's handling like any other answer. Its body is still the object the caller gave.
http.interceptors.request.use((config) => {
  const answer = takeArrivedAnswer(config.method ?? 'get', http.getUri(config), config.data);
  if (answer !== undefined)
    config.adapter = async () => ({ data: answer, status: 200, statusText: 'OK', headers: {}, config, request: {} });
  return config;
});
http.interceptors.response.use(
  (response) => {
    pageLoads.get(response.config)?.();
    return response;
  },
  (error: unknown) => {
    if (isAxiosError(error) && error.config) pageLoads.get(error.config)?.();
    throw error;
  },
);
// Every JSON POST carries an Idempotency-Key (SECURITY R37, ADR 0064); the routes that create or submit honour it,
// the others ignore it. The same call still in flight shares its key, so a double click makes one record.
const idempotencyKeys = createIdempotencyKeys();
const signatures = new WeakMap<object, string>();
http.interceptors.request.use((config) => {
  if ((config.method ?? 'get').toLowerCase() !== 'post' || config.data instanceof FormData) return config;
  const headers = AxiosHeaders.from(config.headers);
  if (headers.has(IDEMPOTENCY_KEY_HEADER)) return config;
  const signature = `${http.getUri(config)} ${typeof config.data === 'string' ? config.data : JSON.stringify(config.data ?? null)}`;
  headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKeys.take(signature));
  signatures.set(config, signature);
  config.headers = headers;
  return config;
});
http.interceptors.response.use(
  (response) => {
    const signature = signatures.get(response.config);
    if (signature !== undefined) idempotencyKeys.settle(signature);
    return response;
  },
  (error: unknown) => {
    const signature = isAxiosError(error) && error.config ? signatures.get(error.config) : undefined;
    if (signature !== undefined) idempotencyKeys.settle(signature);
    throw error;
  },
);
http.interceptors.response.use(onResponse, onError);

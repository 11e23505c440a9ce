import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_KEY, TOKEN_LIFETIME_MS } from '../../shared/constants';
import { readCookie, removeCookie, writeCookie } from './cookies';
import { USER_UNIT_COOKIE } from './stored-user-unit';

/**
 * Where the session token lives, as the spec fixes it: localStorage `ACCESS_TOKEN` and the cookie
 * `Access-Token` (path /), both valid 7 days (spec §4, §9). Nothing else in the client touches
 * these keys. The expiry sits beside the token rather than wrapping it, so that `ACCESS_TOKEN`
 * keeps holding the plain token other code and the tests read.
 */
export { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_KEY, TOKEN_LIFETIME_MS };
export const ACCESS_TOKEN_EXPIRES_KEY = 'ACCESS_TOKEN_EXPIRES_AT';
/** Spec §3 "a localStorage flag login": set while a login's session lives, cleared with it. */
export const LOGIN_FLAG_KEY = 'login';

function storedExpiry(): number | undefined {
  const raw = localStorage.getItem(ACCESS_TOKEN_EXPIRES_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The stored token, or null when there is none or its 7 days are over. */
export function readToken(now: number = Date.now()): string | null {
  try {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY) || null;
    if (token === null) return null;
    // No expiry recorded (written by an older client): the server still decides whether it is live.
    const expiresAt = storedExpiry();
    if (expiresAt !== undefined && expiresAt <= now) {
      localStorage.removeItem(ACCESS_TOKEN_KEY);
      localStorage.removeItem(ACCESS_TOKEN_EXPIRES_KEY);
      localStorage.removeItem(LOGIN_FLAG_KEY);
      return null;
    }
    return token;
  } catch {
    return null;
  }
}

function storeLocal(token: string, now: number): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(ACCESS_TOKEN_EXPIRES_KEY, String(now + TOKEN_LIFETIME_MS));
  // A password login and the SSO cookie hand-over both come through here.
  localStorage.setItem(LOGIN_FLAG_KEY, '1');
}

export function storeToken(token: string, now: number = Date.now()): void {
  storeLocal(token, now);
  writeCookie(ACCESS_TOKEN_COOKIE, token, TOKEN_LIFETIME_MS / 1000);
}

/** Logout (spec §4): the stored token, its cookie, the `login` flag and the `userUnit` cookie. */
export function removeToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(ACCESS_TOKEN_EXPIRES_KEY);
    localStorage.removeItem(LOGIN_FLAG_KEY);
  } catch {
    // No storage (private mode): nothing was stored there either.
  }
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie(USER_UNIT_COOKIE);
}

/**
 * Spec §4: on each navigation the token is synced from the cookie `Access-Token` into localStorage,
 * valid 7 days from now (the passport and the SSO callback hand the token over in that cookie).
 * Returns whether the stored token changed.
 */
export function syncTokenFromCookie(now: number = Date.now()): boolean {
  const fromCookie = readCookie(ACCESS_TOKEN_COOKIE);
  if (!fromCookie) return false;
  const changed = fromCookie !== readToken(now);
  try {
    storeLocal(fromCookie, now);
  } catch {
    return false;
  }
  return changed;
}

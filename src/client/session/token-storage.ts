/**
 * Where the session token lives, as the spec fixes it: localStorage `ACCESS_TOKEN` and the cookie
 * `Access-Token` (path /, 7 days). Nothing else in the client touches these keys.
 */
export const ACCESS_TOKEN_KEY = 'ACCESS_TOKEN';
export const ACCESS_TOKEN_COOKIE = 'Access-Token';
const USER_UNIT_COOKIE = 'userUnit';
export const TOKEN_LIFETIME_MS = 604_800_000;

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  writeCookie(ACCESS_TOKEN_COOKIE, token, TOKEN_LIFETIME_MS / 1000);
}

export function removeToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  writeCookie(ACCESS_TOKEN_COOKIE, '', 0);
  writeCookie(USER_UNIT_COOKIE, '', 0);
}

/**
 * Spec §4: on each navigation the token is synced from the cookie into localStorage (another tab
 * or the passport may have set the cookie). Returns whether the stored token changed.
 */
export function syncTokenFromCookie(): boolean {
  const fromCookie = readCookie(ACCESS_TOKEN_COOKIE);
  if (!fromCookie || fromCookie === readToken()) return false;
  localStorage.setItem(ACCESS_TOKEN_KEY, fromCookie);
  return true;
}

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../src/shared/constants';
import { readStoredUserUnit, storeUserUnit } from '../../../src/client/session/stored-user-unit';
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_EXPIRES_KEY,
  ACCESS_TOKEN_KEY,
  LOGIN_FLAG_KEY,
  readToken,
  removeToken,
  storeToken,
  syncTokenFromCookie,
} from '../../../src/client/session/token-storage';

function cookieValue(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

function clearCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('the token sync (spec §4)', () => {
  it('copies the cookie Access-Token into localStorage ACCESS_TOKEN, valid 7 days (604800000 ms)', () => {
    expect(TOKEN_LIFETIME_MS).toBe(604_800_000);
    document.cookie = `${ACCESS_TOKEN_COOKIE}=from-passport; path=/`;
    expect(syncTokenFromCookie(NOW)).toBe(true);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('from-passport');
    expect(Number(localStorage.getItem(ACCESS_TOKEN_EXPIRES_KEY))).toBe(NOW + 604_800_000);
    expect(readToken(NOW)).toBe('from-passport');
  });

  it('refreshes the 7 days on each sync and reports no change for the same token', () => {
    document.cookie = `${ACCESS_TOKEN_COOKIE}=same; path=/`;
    syncTokenFromCookie(NOW);
    expect(syncTokenFromCookie(NOW + 1000)).toBe(false);
    expect(Number(localStorage.getItem(ACCESS_TOKEN_EXPIRES_KEY))).toBe(NOW + 1000 + TOKEN_LIFETIME_MS);
  });

  it('leaves the stored token alone when there is no cookie', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'kept');
    expect(syncTokenFromCookie(NOW)).toBe(false);
    expect(readToken(NOW)).toBe('kept');
  });

  it('drops a stored token after its 7 days', () => {
    storeToken('old', NOW);
    expect(readToken(NOW + TOKEN_LIFETIME_MS - 1)).toBe('old');
    expect(readToken(NOW + TOKEN_LIFETIME_MS)).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('stores a login in localStorage and in the cookie (path /)', () => {
    storeToken('fresh', NOW);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh');
    expect(cookieValue(ACCESS_TOKEN_COOKIE)).toBe('fresh');
  });

  it('logout removes the stored token, its cookie and the userUnit cookie', () => {
    storeToken('bye', NOW);
    storeUserUnit({ token: 'bye', isSelect: 1, id: 'u1', name: '星河' });
    expect(readStoredUserUnit()).toEqual({ token: 'bye', isSelect: 1, id: 'u1', name: '星河' });
    removeToken();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_EXPIRES_KEY)).toBeNull();
    expect(cookieValue(ACCESS_TOKEN_COOKIE) ?? '').toBe('');
    expect(readStoredUserUnit()).toBeUndefined();
  });

  it('ignores a userUnit cookie that does not hold a stored unit', () => {
    document.cookie = 'userUnit=not-json; path=/';
    expect(readStoredUserUnit()).toBeUndefined();
    document.cookie = `userUnit=${encodeURIComponent(JSON.stringify({ token: 't', isSelect: 2 }))}; path=/`;
    expect(readStoredUserUnit()).toBeUndefined();
  });
});

describe('the login flag (spec §3 "a localStorage flag login", issue 31)', () => {
  it('is set with the token, by a login and by the passport cookie, and cleared with the session', () => {
    storeToken('from-login', NOW);
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBe('1');
    removeToken();
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBeNull();
    document.cookie = `${ACCESS_TOKEN_COOKIE}=from-passport; path=/`;
    syncTokenFromCookie(NOW);
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBe('1');
  });

  it('goes with a token whose 7 days are over', () => {
    storeToken('old', NOW);
    expect(readToken(NOW + TOKEN_LIFETIME_MS)).toBeNull();
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBeNull();
  });
});

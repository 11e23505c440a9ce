import { useSyncExternalStore } from 'react';
import { readToken, removeToken, storeToken, syncTokenFromCookie } from './token-storage';

/**
 * The session as the rest of the client sees it: logged in when a token is present (spec §4).
 * A tiny external store so that the HTTP client (outside React) can end the session on a 401 and
 * every component re-renders.
 */
let token: string | null = typeof localStorage === 'undefined' ? null : readToken();
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return token;
}

export function startSession(newToken: string): void {
  storeToken(newToken);
  token = newToken;
  emit();
}

/**
 * Clears the token from every place it is kept, and the `userUnit` cookie; listeners (the user
 * store) drop the roles and the generated routes. Idempotent. The server-side revocation is
 * logout.ts's job: a 401 means the server has already forgotten the token.
 */
export function endSession(): void {
  removeToken();
  if (token === null) return;
  token = null;
  emit();
}

/**
 * A token the passport handed over in the cookie (a linked single sign-on coming back), not one a login
 * page stored: that login has had no page to settle its unit and landing, so cookie-login-landing does.
 */
let handedOver: string | undefined;

/** The token the cookie handed over, while it is still the session's; undefined once taken. */
export function takeHandedOverToken(): string | undefined {
  const taken = handedOver !== undefined && handedOver === token ? handedOver : undefined;
  handedOver = undefined;
  return taken;
}

/** Spec §4, on each navigation: the cookie's token into localStorage, then the store follows. */
export function refreshSessionFromStorage(): void {
  // A cookie that differs from the stored token is a login through the passport (a password login writes both).
  if (syncTokenFromCookie()) handedOver = readToken() ?? undefined;
  const stored = readToken();
  if (stored === token) return;
  token = stored;
  emit();
}

// Another tab logging in or out changes localStorage; follow it.
if (typeof window !== 'undefined') window.addEventListener('storage', () => refreshSessionFromStorage());

/** Calls `listener` whenever the token changes (login, logout, another tab); returns the unsubscribe. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}

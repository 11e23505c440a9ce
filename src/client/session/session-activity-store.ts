import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session-store';

/**
 * When the session will time out, as this browser knows it (SECURITY R10, ADR 0008): the idle end
 * from the last response the server authenticated (its header says how long was left, so no clock
 * sync is needed), and the absolute end from the user info. Kept per token: a login, logout or
 * another tab's change of token forgets it.
 */
export interface SessionActivity {
  token: string;
  /** Browser epoch ms at which the server will find the session idle for too long. */
  idleExpiresAt: number;
  /** Browser epoch ms of the absolute end, once the user info has said it. */
  expiresAt?: number;
}

let current: SessionActivity | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** An authenticated response: the server has `idleRemainingMs` left on the session of `token`. */
export function recordSessionActivity(token: string, idleRemainingMs: number, now = Date.now()): void {
  // A call made with another token (the moment after login) is not this session's activity.
  if (token !== getToken()) return;
  const expiresAt = current?.token === token ? current.expiresAt : undefined;
  current = { token, idleExpiresAt: now + idleRemainingMs, ...(expiresAt === undefined ? {} : { expiresAt }) };
  emit();
}

/** The user info's absolute end of the session of `token` (an ISO date-time from the server). */
export function recordSessionExpiry(token: string, expiresAt: string): void {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at) || current?.token !== token || current.expiresAt === at) return;
  current = { ...current, expiresAt: at };
  emit();
}

/** What is known about the current token's session, or undefined before its first authenticated answer. */
export function getSessionActivity(): SessionActivity | undefined {
  return current && current.token === getToken() ? current : undefined;
}

export function subscribeSessionActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionActivity(): SessionActivity | undefined {
  return useSyncExternalStore(subscribeSessionActivity, getSessionActivity, getSessionActivity);
}

// Logout, a 401 or another tab's login: what was known belongs to the old token.
subscribeToken(() => {
  if (current === undefined || current.token === getToken()) return;
  current = undefined;
  emit();
});

import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session-store';

/** Where a user whose password an administrator chose is kept until they change it (SECURITY R07). */
export const PASSWORD_CHANGE_PATH = '/account/settings';

/** The server's reason on every route such a session may not use yet. */
export const PASSWORD_CHANGE_REQUIRED_REASON = 'passwordChangeRequired';

// The token whose session must change its password first; a login under another token starts clean.
let pendingFor: string | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/**
 * What the server said about the session behind `token`: the user info's mustChangePassword, a 403
 * passwordChangeRequired, or a successful change (false).
 */
export function notePasswordChange(token: string, required: boolean): void {
  const next = required ? token : pendingFor === token ? undefined : pendingFor;
  if (next === pendingFor) return;
  pendingFor = next;
  emit();
}

/** Whether the current session must change its password before anything else. */
export function passwordChangeRequired(): boolean {
  const token = getToken();
  return token !== null && pendingFor === token;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A logout or another login changes what the current session owes.
  const unsubscribeToken = subscribeToken(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeToken();
  };
}

export function usePasswordChangeRequired(): boolean {
  return useSyncExternalStore(subscribe, passwordChangeRequired, passwordChangeRequired);
}

import { fetchSessionUserInfo } from '../session/session-api';
import { getToken } from '../session/session-store';
import { getPermissions, setUserPermissions } from '../session/user-session-store';

// One user-info call per token at a time, however many guarded components ask.
const pending = new Map<string, Promise<void>>();

/**
 * Loads the current user's permissions from the user info when the session has not (the unit rule
 * skips the user info until a unit is chosen, spec §4). Rejects when the user info cannot be had; a
 * login under another token meanwhile leaves the store alone.
 */
export function ensurePermissions(token: string): Promise<void> {
  if (getPermissions() !== undefined) return Promise.resolve();
  const running = pending.get(token);
  if (running) return running;
  const load = fetchSessionUserInfo()
    .then((info) => {
      if (getToken() === token && getPermissions() === undefined) setUserPermissions(token, info);
    })
    .finally(() => pending.delete(token));
  pending.set(token, load);
  return load;
}

import { fetchSessionUserInfo } from '../session/session-api';
import { getToken } from '../session/session-store';
import { getPermissions, setUserPermissions } from '../session/user-session-store';

/**
 * Loads the current user's permissions from the user info when the session has not (the unit rule
 * skips the user info until a unit is chosen, spec §4). Rejects when the user info cannot be had; a
 * login under another token meanwhile leaves the store alone. Guards asking at once share one
 * request (fetchSessionUserInfo).
 */
export async function ensurePermissions(token: string): Promise<void> {
  if (getPermissions() !== undefined) return;
  const info = await fetchSessionUserInfo();
  if (getToken() === token && getPermissions() === undefined) setUserPermissions(token, info);
}

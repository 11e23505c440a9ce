import { endSession, getToken } from './session-store';
import { revokeToken } from './session-api';

/**
 * Logout (spec §4): the token, the roles and generated routes, the stored token and the `userUnit`
 * cookie are cleared at once, then the token is revoked on the server (SECURITY R11). A server
 * that cannot be reached does not keep the user logged in here.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  endSession();
  if (token) await revokeToken(token).catch(() => undefined);
}

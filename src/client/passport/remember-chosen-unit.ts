import { fetchSessionUserInfo } from '../session/session-api';
import { storeUserUnit } from '../session/stored-user-unit';

/**
 * Right after a login, before the session starts: when the server says the user has already chosen
 * a unit (isSelect 1), the unit is stored under the new token, so the first navigation loads the
 * user and the generated routes (spec §4 stored user unit rule). Otherwise the rule fetches the
 * dictionaries only until a unit is chosen. Best effort: the rule handles a failing user info.
 */
export async function rememberChosenUnit(token: string): Promise<void> {
  try {
    const info = await fetchSessionUserInfo(token);
    if (info.isSelect === 1 && info.unit) storeUserUnit({ token, isSelect: 1, id: info.unit.id, name: info.unit.name });
  } catch {
    // The session rules fetch the user info again and handle a failure there.
  }
}

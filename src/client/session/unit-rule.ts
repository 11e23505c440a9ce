import type { StoredUserUnit } from './stored-user-unit';

/**
 * What a navigation must load first (spec §4, the stored user unit rule):
 * - 'dictionaries': the unit is missing, was stored under another token, or not yet chosen
 *   (isSelect 0); the dictionaries are fetched and the navigation proceeds;
 * - 'userAndRoutes': a unit is chosen for this session but no routes are loaded yet; the user info
 *   is fetched and the routes are generated;
 * - 'none': a chosen unit and routes already loaded.
 * Without a token there is no session to prepare: 'none'.
 */
export type SessionStep = 'dictionaries' | 'userAndRoutes' | 'none';

export function nextSessionStep(input: {
  token: string | null;
  storedUnit: StoredUserUnit | undefined;
  routesLoaded: boolean;
}): SessionStep {
  const { token, storedUnit, routesLoaded } = input;
  if (!token) return 'none';
  if (!storedUnit || storedUnit.token !== token || storedUnit.isSelect === 0) return 'dictionaries';
  return routesLoaded ? 'none' : 'userAndRoutes';
}

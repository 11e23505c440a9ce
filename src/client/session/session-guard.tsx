import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getLocale } from '../i18n/locale-store';
import { loadSessionDictionaries } from './session-dictionaries';
import { PASSWORD_CHANGE_PATH, usePasswordChangeRequired } from './password-change-store';
import { fetchSessionUserInfo, fetchUserRoutes } from './session-api';
import { getToken, refreshSessionFromStorage } from './session-store';
import { readStoredUserUnit } from './stored-user-unit';
import { nextSessionStep } from './unit-rule';
import { handleUserInfoFailure } from './user-info-failure';
import { routesLoaded, setUserSession } from './user-session-store';

// One load per token at a time: quick successive navigations must not fetch (or fail) twice.
let pendingToken: string | undefined;

async function loadUserAndRoutes(token: string, onFailure: (error: unknown) => void): Promise<void> {
  if (pendingToken === token) return;
  pendingToken = token;
  try {
    let failure: unknown;
    const info = await fetchSessionUserInfo().catch((error: unknown) => {
      failure = error;
      return undefined;
    });
    if (!info) {
      // A 401 (or the header's own user-info call) may have dropped the token already; only a
      // login in the meantime, with another token, is left alone.
      const now = getToken();
      if (now === token || now === null) onFailure(failure);
      return;
    }
    // A failed routes call was notified by the HTTP client; the next navigation tries again.
    const routes = await fetchUserRoutes().catch(() => undefined);
    if (routes && getToken() === token) setUserSession(token, info, routes);
  } finally {
    pendingToken = undefined;
  }
}

/**
 * Spec §4: the cookie's token into localStorage, then the stored user unit rule decides what the
 * session loads (see unit-rule.ts). `target` is where the user is going, for the failure path.
 * The account centre runs it again after a unit switch, so the menu appears without a navigation.
 */
export function applySessionRules(target: string, navigate: (href: string) => void): void {
  refreshSessionFromStorage();
  const token = getToken();
  const step = nextSessionStep({ token, storedUnit: readStoredUserUnit(), routesLoaded: routesLoaded() });
  if (step === 'dictionaries') void loadSessionDictionaries(getLocale());
  if (step === 'userAndRoutes' && token) {
    void loadUserAndRoutes(token, (error) => handleUserInfoFailure(target, { navigate, reload: () => window.location.reload() }, error));
  }
}

/**
 * Runs the session rules on each navigation. The page renders meanwhile; a failed user-info fetch
 * ends the session (user-info-failure.ts). A session whose password an administrator chose stays on
 * the password change until it is done (SECURITY R07): the server would refuse anything else.
 */
export function SessionGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = location.pathname + location.search;
  const mustChangePassword = usePasswordChangeRequired();

  useEffect(() => {
    applySessionRules(target, (href) => void navigate(href, { replace: true }));
  }, [target, navigate]);

  useEffect(() => {
    if (mustChangePassword && location.pathname !== PASSWORD_CHANGE_PATH) void navigate(PASSWORD_CHANGE_PATH, { replace: true });
  }, [mustChangePassword, location.pathname, navigate]);

  return null;
}

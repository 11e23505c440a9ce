import { redirect } from 'react-router-dom';
import { getToken, refreshSessionFromStorage } from './session-store';

/** The home route, where a visitor without a token lands (spec §4). */
export const HOME_PATH = '/home';
/** The passport login the session rules send to (spec §4 user-info failure). */
export const PASSPORT_LOGIN_PATH = '/user/login';

/** The login paths a logged-in user is sent away from (spec §2, §4): /login, /login/*, /user/login. */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/') || pathname === PASSPORT_LOGIN_PATH;
}

/**
 * Route loader for a page that needs login: without a token, the home route (spec §4). Loaders run
 * before the page renders and in parallel with each other, so each syncs the cookie first.
 */
export function requireTokenLoader(): Response | null {
  refreshSessionFromStorage();
  return getToken() ? null : redirect(HOME_PATH);
}

/** Route loader for the login paths: with a token, / (spec §2 "/user/login redirects to / if logged in"). */
export function guestOnlyLoader(): Response | null {
  refreshSessionFromStorage();
  return getToken() ? redirect('/') : null;
}

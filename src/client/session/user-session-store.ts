import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../shared/generated/user-info';
import type { UserRoute } from '../../shared/generated/user-route';
import { getToken, subscribeToken } from './session-store';

/**
 * What the session loaded for the logged-in user (spec §4): the user info, the routes generated
 * from `/integrity/app/user/routes` (the only menu is 科研诚信) and the roles, i.e. the permission
 * ids those routes carry. Logout clears all three, with the token that loaded them.
 */
export interface UserSession {
  /** The token these were loaded under. */
  token: string;
  info: UserInfo;
  routes: readonly UserRoute[];
  roles: readonly string[];
}

let current: UserSession | undefined;
const listeners = new Set<() => void>();
const NO_ROUTES: readonly UserRoute[] = [];

function emit(): void {
  listeners.forEach((listener) => listener());
}

function collectPermissions(routes: readonly UserRoute[]): string[] {
  return routes.flatMap((route) => [...(route.meta.permission ?? []), ...collectPermissions(route.children ?? [])]);
}

export function setUserSession(token: string, info: UserInfo, routes: readonly UserRoute[]): void {
  current = { token, info, routes, roles: [...new Set(collectPermissions(routes))] };
  emit();
}

export function clearUserSession(): void {
  if (current === undefined) return;
  current = undefined;
  emit();
}

/** The loaded session, only while its token is still the session's token. */
export function getUserSession(): UserSession | undefined {
  return current && current.token === getToken() ? current : undefined;
}

/** Spec §4 "when no routes are loaded": routes count as loaded for the current token only. */
export function routesLoaded(): boolean {
  return getUserSession() !== undefined;
}

// Logout, a 401 or another tab's logout (the token goes or changes): the roles and routes go with it.
subscribeToken(() => {
  if (current && current.token !== getToken()) clearUserSession();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUserSession(): UserSession | undefined {
  return useSyncExternalStore(subscribe, getUserSession, getUserSession);
}

/** The generated menu for the layout (ProLayout's menu data): 科研诚信 once loaded, else empty. */
export function useGeneratedMenu(): readonly UserRoute[] {
  const routes = (): readonly UserRoute[] => getUserSession()?.routes ?? NO_ROUTES;
  return useSyncExternalStore(subscribe, routes, routes);
}

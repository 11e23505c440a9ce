import { useSyncExternalStore } from 'react';
import type { Permission } from '../../shared/generated/permission';
import type { UserInfo } from '../../shared/generated/user-info';
import type { UserRoute } from '../../shared/generated/user-route';
import { permissionsOf } from '../../shared/permissions/has-permission';
import { getToken, subscribeToken } from './session-store';

/**
 * What the session loaded for the logged-in user (spec §4): the user info, the routes generated
 * from `/integrity/app/user/routes` (the only menu is 科研诚信) and the permissions of the user's
 * roles (spec §6, from the user info's `roles`). Logout clears them, with the token that loaded them.
 */
export interface UserSession {
  /** The token these were loaded under. */
  token: string;
  info: UserInfo;
  routes: readonly UserRoute[];
  permissions: readonly Permission[];
}

let current: UserSession | undefined;
/**
 * Permissions loaded without the session: the unit rule loads the user and routes only once a unit
 * is chosen (spec §4), but a permission page opened before that must still know what the user may do.
 */
let permissionsOnly: { token: string; permissions: readonly Permission[] } | undefined;
const listeners = new Set<() => void>();
const NO_ROUTES: readonly UserRoute[] = [];

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** A user info from before roles existed (or a role the server does not know) grants nothing. */
function permissionsFrom(info: UserInfo): readonly Permission[] {
  return permissionsOf(info.roles ?? []);
}

export function setUserSession(token: string, info: UserInfo, routes: readonly UserRoute[]): void {
  current = { token, info, routes, permissions: permissionsFrom(info) };
  emit();
}

/** The permissions alone, when a page needs them before (or without) the unit rule's session load. */
export function setUserPermissions(token: string, info: UserInfo): void {
  permissionsOnly = { token, permissions: permissionsFrom(info) };
  emit();
}

export function clearUserSession(): void {
  if (current === undefined && permissionsOnly === undefined) return;
  current = undefined;
  permissionsOnly = undefined;
  emit();
}

/** The loaded session, only while its token is still the session's token. */
export function getUserSession(): UserSession | undefined {
  return current && current.token === getToken() ? current : undefined;
}

/**
 * The current user's permissions, or undefined while none are loaded for the current token (a page
 * waits rather than refusing). The session's copy wins: it is the newer one after a unit switch.
 */
export function getPermissions(): readonly Permission[] | undefined {
  const session = getUserSession();
  if (session) return session.permissions;
  return permissionsOnly && permissionsOnly.token === getToken() ? permissionsOnly.permissions : undefined;
}

/** Spec §4 "when no routes are loaded": routes count as loaded for the current token only. */
export function routesLoaded(): boolean {
  return getUserSession() !== undefined;
}

// Logout, a 401 or another tab's logout (the token goes or changes): the permissions and routes go with it.
subscribeToken(() => {
  const token = getToken();
  const staleSession = current !== undefined && current.token !== token;
  const stalePermissions = permissionsOnly !== undefined && permissionsOnly.token !== token;
  if (!staleSession && !stalePermissions) return;
  if (staleSession) current = undefined;
  if (stalePermissions) permissionsOnly = undefined;
  emit();
});

/** Calls `listener` whenever the loaded session or permissions change; returns the unsubscribe. */
export function subscribeUserSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUserSession(): UserSession | undefined {
  return useSyncExternalStore(subscribeUserSession, getUserSession, getUserSession);
}

/** The generated menu for the layout (ProLayout's menu data): 科研诚信 once loaded, else empty. */
export function useGeneratedMenu(): readonly UserRoute[] {
  const routes = (): readonly UserRoute[] => getUserSession()?.routes ?? NO_ROUTES;
  return useSyncExternalStore(subscribeUserSession, routes, routes);
}

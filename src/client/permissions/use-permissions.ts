import { useSyncExternalStore } from 'react';
import type { Permission } from '../../shared/generated/permission';
import { getPermissions, subscribeUserSession } from '../session/user-session-store';

const NO_PERMISSIONS: readonly Permission[] = [];
const permissionsOrNone = (): readonly Permission[] => getPermissions() ?? NO_PERMISSIONS;

/** The current user's permissions (spec §6); none while logged out or not yet loaded, so checks fail closed. */
export function usePermissions(): readonly Permission[] {
  return useSyncExternalStore(subscribeUserSession, permissionsOrNone, permissionsOrNone);
}

/** The permissions, or undefined while they are not loaded for the current token: for a page that waits before refusing. */
export function useLoadedPermissions(): readonly Permission[] | undefined {
  return useSyncExternalStore(subscribeUserSession, getPermissions, getPermissions);
}

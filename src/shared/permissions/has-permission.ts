import type { Permission } from '../generated/permission';
import type { Role } from '../generated/role';
import { ACTION_KEYS, type ActionKey } from './action-keys';

/** A user's permissions from their roles; two roles granting one permission id merge their actions. */
export function permissionsOf(roles: readonly Role[]): Permission[] {
  const merged = new Map<string, Set<ActionKey>>();
  for (const permission of roles.flatMap((role) => role.permissions)) {
    const actions = merged.get(permission.permissionId) ?? new Set<ActionKey>();
    permission.actionList.forEach((action) => actions.add(action));
    merged.set(permission.permissionId, actions);
  }
  // The spec's action order, so that equal grants compare equal.
  return [...merged].map(([permissionId, actions]) => ({ permissionId, actionList: ACTION_KEYS.filter((action) => actions.has(action)) }));
}

/**
 * Whether one of `permissionIds` grants `action`: the action directive's check against the route's
 * permission entries (spec §6). No ids grants nothing.
 */
export function hasAction(permissions: readonly Permission[], permissionIds: readonly string[], action: string): boolean {
  return permissions.some(
    (permission) => permissionIds.includes(permission.permissionId) && (permission.actionList as readonly string[]).includes(action),
  );
}

/**
 * Spec §6's auth check: `check` is 'permissionId.action'. A malformed check (no dot, an empty side)
 * grants nothing, so a typo fails closed.
 */
export function hasPermission(permissions: readonly Permission[], check: string): boolean {
  const dot = check.lastIndexOf('.');
  if (dot <= 0 || dot === check.length - 1) return false;
  return hasAction(permissions, [check.slice(0, dot)], check.slice(dot + 1));
}

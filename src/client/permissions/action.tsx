import type { ReactNode } from 'react';
import type { ActionKey } from '../../shared/permissions/action-keys';
import { hasAction, hasPermission } from '../../shared/permissions/has-permission';
import { usePermissions } from './use-permissions';
import { useRoutePermissionIds } from './use-route-permission-ids';

export type ActionProps =
  /** The action on the current route's permission entry. */
  | { name: ActionKey; permission?: never; children: ReactNode }
  /** An explicit 'permissionId.action', whatever the route. */
  | { permission: string; name?: never; children: ReactNode };

/**
 * Spec §6's action directive: the children only when the current route's permission entry grants
 * `name` (or the user holds `permission`). Otherwise nothing is rendered, not a disabled control: a
 * button the user may not press is not there. No entry, or permissions not loaded yet, render nothing.
 */
export function Action(props: ActionProps) {
  const permissions = usePermissions();
  const routeIds = useRoutePermissionIds();
  const granted =
    props.permission !== undefined ? hasPermission(permissions, props.permission) : hasAction(permissions, routeIds, props.name);
  return granted ? <>{props.children}</> : null;
}

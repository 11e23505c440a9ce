import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import { hasPermission } from '../../../shared/permissions/has-permission';
import type { AuthUser } from '../../lib/auth-user';
import type { RouteAccess } from '../../plugins/route-access';

/**
 * Who may read a list: a list for visitors anyone; a staff list (scope all, not for every user) the
 * holders of `<permission>.query`; any other list every logged-in user, whose scope then narrows it.
 * The list's route and the dashboards' widgets over it ask the same.
 */
export function listAccess(permission: string, list: ResourceListFile): RouteAccess {
  if (list.audience === 'public') return 'public';
  return list.scope === 'all' && list.audience !== 'user' ? { permission: `${permission}.query` } : 'user';
}

/** Whether this user passes a list's access (listAccess). */
export function mayReadList(user: AuthUser, permission: string, list: ResourceListFile): boolean {
  const access = listAccess(permission, list);
  return typeof access === 'string' || hasPermission(user.permissions, access.permission);
}

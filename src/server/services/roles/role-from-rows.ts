import type { Permission } from '../../../shared/generated/permission';
import type { Role } from '../../../shared/generated/role';
import { ACTION_KEYS } from '../../../shared/permissions/action-keys';

/** One row of roles LEFT JOIN role_permissions: the permission columns are null for a role with none. */
export interface RolePermissionRow {
  roleId: string | null;
  roleName: string | null;
  roleNameEn: string | null;
  permissionId: string | null;
  actions: string[] | null;
}

/**
 * The role of a user from its joined rows, or undefined when users.role names no role in the table
 * (such a user has no permissions). Permissions come back sorted by id (by code point, whatever the
 * database's collation) and actions in the spec's order; anything that is not an action key is
 * dropped rather than trusted.
 */
export function roleFromRows(rows: readonly RolePermissionRow[]): Role | undefined {
  const first = rows[0];
  if (!first?.roleId || first.roleName === null) return undefined;
  const permissions: Permission[] = [];
  for (const { permissionId, actions } of rows) {
    if (permissionId === null || actions === null) continue;
    permissions.push({ permissionId, actionList: ACTION_KEYS.filter((action) => actions.includes(action)) });
  }
  permissions.sort((a, b) => (a.permissionId < b.permissionId ? -1 : a.permissionId > b.permissionId ? 1 : 0));
  return { id: first.roleId, name: first.roleName, ...(first.roleNameEn ? { nameEn: first.roleNameEn } : {}), permissions };
}

/**
 * Every role of a user from the joined rows of all their roles (users.role first, then the granted
 * ones by id): one Role per role id, each built as roleFromRows builds one.
 */
export function rolesFromRows(rows: readonly RolePermissionRow[], primary: string): Role[] {
  const byRole = new Map<string, RolePermissionRow[]>();
  for (const row of rows) {
    if (row.roleId === null) continue;
    byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row]);
  }
  const ids = [...byRole.keys()].sort((a, b) => (a === primary ? -1 : b === primary ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return ids.flatMap((id) => {
    const role = roleFromRows(byRole.get(id) ?? []);
    return role ? [role] : [];
  });
}

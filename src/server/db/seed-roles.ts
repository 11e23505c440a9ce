import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ROLE_CATALOGUE, type CatalogueRole } from '../modules/role/role-catalogue';
import type { Db } from './database';
import { rolePermissions, roles } from './schema';

/**
 * Writes the role catalogue at every start, demo or not, like the dictionaries: names and action
 * lists come back as in the code. A permission the catalogue no longer grants a built-in role is
 * deleted, so taking a right away in code takes it away on restart (fail closed). Roles that are not
 * in the catalogue are left alone.
 */
export async function seedRoles(db: Db, catalogue: readonly CatalogueRole[] = ROLE_CATALOGUE): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(catalogue.map(({ id, name, nameEn }) => ({ id, name, nameEn })))
      .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name`, nameEn: sql`excluded.name_en` } });
    for (const role of catalogue) {
      const stored = role.permissions.map(({ permissionId, actionList }) => ({ permissionId, actions: actionList }));
      const granted = stored.map((grant) => grant.permissionId);
      // notInArray of an empty list is true in Drizzle: a role with no permissions loses every row.
      await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, role.id), notInArray(rolePermissions.permissionId, granted)));
      if (granted.length === 0) continue;
      await tx
        .insert(rolePermissions)
        .values(stored.map((grant) => ({ roleId: role.id, permissionId: grant.permissionId, actions: grant.actions })))
        .onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.permissionId], set: { actions: sql`excluded.actions` } });
    }
  });
}

import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ROLE_CATALOGUE, type CatalogueRole } from '../services/roles/role-catalogue';
import type { Db } from '../db/database';
import { rolePermissions, roles } from '../db/schema';

/** Whether each catalogue role is stored with its names and exactly its grants, actions in the same order. */
async function storedAsInCatalogue(db: Db, catalogue: readonly CatalogueRole[]): Promise<boolean> {
  const stored = new Map((await db.select().from(roles)).map((role) => [role.id, role]));
  const grants = new Map<string, Map<string, string[]>>();
  for (const grant of await db.select().from(rolePermissions)) {
    const ofRole = grants.get(grant.roleId) ?? new Map<string, string[]>();
    ofRole.set(grant.permissionId, grant.actions);
    grants.set(grant.roleId, ofRole);
  }
  return catalogue.every((role) => {
    const ofRole = grants.get(role.id) ?? new Map<string, string[]>();
    return (
      stored.get(role.id)?.name === role.name &&
      stored.get(role.id)?.nameEn === role.nameEn &&
      ofRole.size === role.permissions.length &&
      role.permissions.every(({ permissionId, actionList }) => {
        const actions = ofRole.get(permissionId);
        return (
          actions !== undefined && actions.length === actionList.length && actions.every((action, index) => action === actionList[index])
        );
      })
    );
  });
}

/**
 * Writes the role catalogue at every start, demo or not, like the dictionaries: names and action
 * lists come back as in the code. A permission the catalogue no longer grants a built-in role is
 * deleted, so taking a right away in code takes it away on restart (fail closed). Roles that are not
 * in the catalogue are left alone.
 */
export async function seedRoles(db: Db, catalogue: readonly CatalogueRole[] = ROLE_CATALOGUE): Promise<void> {
  // Two reads instead of a delete and an upsert per role when nothing changed, the usual restart (issue 16).
  if (await storedAsInCatalogue(db, catalogue)) return;
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

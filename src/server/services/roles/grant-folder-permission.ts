import { sql } from 'drizzle-orm';
import { ACTION_KEYS } from '../../../shared/permissions/action-keys';
import type { Db } from '../../db/database';
import { rolePermissions, roles } from '../../db/schema';

type Writer = Pick<Db, 'insert' | 'select'>;

/**
 * Grants a record type's permission id to built-in roles (ADR 0047): what a folder created in the studio
 * needs so that somebody may use its staff list, written in the creating transaction (and again at a
 * start that installs it from the database, after the role catalogue was written without it). Each
 * role's actions are stored in the spec's order, as the catalogue stores them; a role the database does
 * not hold is skipped. Answers what it granted, for the audit row.
 */
export async function grantFolderPermission(
  db: Writer,
  permissionId: string,
  grants: Readonly<Record<string, readonly string[]>>,
): Promise<string[]> {
  const known = new Set((await db.select({ id: roles.id }).from(roles)).map((role) => role.id));
  const rows = Object.entries(grants).flatMap(([roleId, actions]) =>
    known.has(roleId) && actions.length > 0
      ? [{ roleId, permissionId, actions: ACTION_KEYS.filter((action) => actions.includes(action)) }]
      : [],
  );
  if (rows.length === 0) return [];
  await db
    .insert(rolePermissions)
    .values(rows)
    .onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.permissionId], set: { actions: sql`excluded.actions` } });
  return rows.map((row) => `${row.roleId}: ${row.actions.join(',')}`);
}

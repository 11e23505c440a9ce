import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { userRoles } from '../../../db/schema';

/** users.role and every role an administrator granted the account (spec §6): whatever demands a second factor among them counts. */
export async function heldRoleIds(db: Db, userId: string, role: string): Promise<string[]> {
  const granted = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return [role, ...granted.map((row) => row.roleId)];
}

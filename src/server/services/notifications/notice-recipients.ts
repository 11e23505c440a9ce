import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { WorkflowNotice } from '../../../shared/resource/notify-template';
import { rolePermissions, userRoles, userUnits, users } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';

/** Someone a notice goes to, with where its channels reach them (sealed, as users holds them). */
export interface NoticeRecipient {
  id: string;
  phone: string | null;
  email: string | null;
}

/** Who a notice names, for one record: its owner and organisation, and the permission actions of the queue it reaches. */
export interface NoticeAudience {
  ownerId: string | null;
  orgId: string | null;
  /** The folder's permission id (resource.json permission). */
  permission: string;
  /** The action keys of the reviewer transitions leaving the state reached (notify-template.ts reviewerTransitionsFrom). */
  queueActions: readonly string[];
}

/**
 * The active accounts a notice's `to` names. reviewers are the holders, through their own role or a
 * granted one, of <permission>.<action> for any of the queue's actions: exactly those the reviewer
 * transitions' routes let through (route-access.ts).
 */
export async function noticeRecipients(tx: Runner, to: WorkflowNotice['to'], audience: NoticeAudience): Promise<NoticeRecipient[]> {
  const columns = { id: users.id, phone: users.phone, email: users.email };
  if (to === 'owner') {
    if (audience.ownerId === null) return [];
    return tx
      .select(columns)
      .from(users)
      .where(and(eq(users.id, audience.ownerId), eq(users.active, true)));
  }
  if (to === 'orgAdmin') {
    if (audience.orgId === null) return [];
    return tx
      .select(columns)
      .from(users)
      .innerJoin(userUnits, eq(userUnits.userId, users.id))
      .where(and(eq(userUnits.unitId, audience.orgId), eq(userUnits.isAdmin, true), eq(users.active, true)));
  }
  if (audience.queueActions.length === 0) return [];
  const holding = and(
    eq(rolePermissions.permissionId, audience.permission),
    sql`${rolePermissions.actions} && ARRAY[${sql.join(
      audience.queueActions.map((action) => sql`${action}`),
      sql`, `,
    )}]::text[]`,
  );
  const roleIds = tx.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(holding);
  const granted = tx.select({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds));
  return tx
    .select(columns)
    .from(users)
    .where(and(eq(users.active, true), or(inArray(users.role, roleIds), inArray(users.id, granted))));
}

import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../lib/contains-pattern';
import type { Db } from '../../db/database';
import { auditLog, loginFailures, userRoles, users } from '../../db/schema';
import { usernameKey } from '../../services/auth/login-lockout';
import { openContact } from '../../services/users/user-contact';

/** A user's standing as 用户管理 shows it: frozen by an administrator, not yet activated, locked out, or in good standing. */
export type UserState = 'active' | 'locked' | 'frozen' | 'inactive';
export const USER_STATES: readonly UserState[] = ['active', 'locked', 'frozen', 'inactive'];

export interface AdminUserRow {
  id: string;
  username: string;
  fullname: string;
  phone: string | null;
  orgName: string | null;
  role: string;
  grantedRoles: string[];
  frozenReason: string | null;
  version: number;
  state: UserState;
  createdAt: Date;
}

/**
 * The state of each row, in SQL so that a status filter pages correctly. A lock is the login
 * lockout's (SECURITY R03). Subqueries name their tables by hand: in a one-table select Drizzle
 * leaves column names bare, which a subquery would resolve against its own table.
 */
function stateExpression(now: Date): SQL<UserState> {
  return sql<UserState>`CASE
    WHEN ${users.frozenAt} IS NOT NULL THEN 'frozen'
    WHEN NOT ${users.active} THEN 'inactive'
    WHEN EXISTS (SELECT 1 FROM login_failures lf WHERE lf.username_key = lower(btrim("users"."username")) AND lf.locked_until > ${now.toISOString()}::timestamptz) THEN 'locked'
    ELSE 'active' END`;
}

function columns(now: Date) {
  return {
    id: users.id,
    username: users.username,
    fullname: users.fullname,
    phone: users.phone,
    orgName: users.orgName,
    role: users.role,
    grantedRoles: sql<string[]>`array(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = "users"."id" ORDER BY ur.role_id)`,
    frozenReason: users.frozenReason,
    version: users.version,
    state: stateExpression(now),
    createdAt: users.createdAt,
  };
}

export interface AdminUserQuery {
  states: readonly UserState[];
  /** Part of the username or the name. */
  keyword: string | undefined;
  pageNo: number;
  pageSize: number;
  now: Date;
}

export async function listUsersForAdmin(db: Db, query: AdminUserQuery): Promise<{ total: number; rows: AdminUserRow[] }> {
  const keyword = query.keyword ? containsPattern(query.keyword) : undefined;
  const where = and(
    inArray(stateExpression(query.now), [...query.states]),
    keyword ? sql`(${users.username} ILIKE ${keyword} ESCAPE '\\' OR ${users.fullname} ILIKE ${keyword} ESCAPE '\\')` : undefined,
  );
  const rows = await db
    .select(columns(query.now))
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const totals = await db.select({ total: count() }).from(users).where(where);
  return { total: totals[0]?.total ?? 0, rows: await Promise.all(rows.map((row) => withPhoneOpened(db, row))) };
}

export async function findUserForAdmin(db: Db, id: string, now: Date): Promise<AdminUserRow | undefined> {
  const row = (await db.select(columns(now)).from(users).where(eq(users.id, id)).limit(1))[0];
  return row && withPhoneOpened(db, row);
}

/** users holds the phone sealed (ADR 0066); the list masks it before it leaves (SECURITY R35). */
async function withPhoneOpened(db: Db, row: AdminUserRow): Promise<AdminUserRow> {
  return { ...row, phone: await openContact(db, row.phone) };
}

/** When and why the account was frozen, for the account centre; undefined when it is not. */
export async function frozenState(db: Db, userId: string): Promise<{ at: string; reason?: string } | undefined> {
  const row = (await db.select({ at: users.frozenAt, reason: users.frozenReason }).from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!row?.at) return undefined;
  return { at: row.at.toISOString(), ...(row.reason ? { reason: row.reason } : {}) };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Bumps the account's version if it is still the one read: the guard of every administrator's change. */
export async function claimVersion(tx: Tx, id: string, version: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setFrozen(tx: Tx, id: string, frozen: { at: Date; reason: string } | null): Promise<void> {
  await tx
    .update(users)
    .set({ frozenAt: frozen?.at ?? null, frozenReason: frozen?.reason ?? null })
    .where(eq(users.id, id));
}

/** An administrator's lock is the login lockout held until `until`; unlocking clears the failures (SECURITY R03). */
export async function setLocked(tx: Tx, username: string, until: Date | null, now: Date): Promise<void> {
  const key = usernameKey(username);
  if (until === null) {
    await tx.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
    return;
  }
  await tx
    .insert(loginFailures)
    .values({ usernameKey: key, failures: 0, windowStartedAt: now, lockedUntil: until })
    .onConflictDoUpdate({ target: loginFailures.usernameKey, set: { lockedUntil: until } });
}

export async function grantRole(tx: Tx, userId: string, roleId: string): Promise<void> {
  await tx.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
}

export async function revokeRole(tx: Tx, userId: string, roleId: string): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
}

/** The administrators' changes to an account, oldest first, as the audit log holds them (SECURITY R31). */
export async function accountChanges(db: Db, userId: string): Promise<{ action: string | null; at: Date; actorName: string | null }[]> {
  return db
    .select({ action: auditLog.action, at: auditLog.at, actorName: sql<string | null>`coalesce(${users.fullname}, ${auditLog.username})` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.objectType, 'sys-user'), eq(auditLog.objectId, userId), eq(auditLog.event, 'RECORD_TRANSITIONED')))
    .orderBy(asc(auditLog.id));
}

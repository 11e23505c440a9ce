import { and, count, eq, gt, gte, lte, ne, or, sql } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../../shared/constants';
import { permissionsOf } from '../../../shared/permissions/has-permission';
import { SESSION_LIMITS, sessionClassOf, sessionVerdict, type SessionClass } from '../../../shared/rules/session-policy';
import type { Db } from '../../db/database';
import { rolePermissions, roles, sessions, userRoles, users } from '../../db/schema';
import { rolesFromRows } from '../roles/role-from-rows';
import type { AuthUser } from '../../lib/auth-user';
import { isPasswordExpired } from './password-expiry';
import { hashSessionToken, newSessionToken } from './session-token';

/** How long a password-only login may take to give its second factor (SECURITY R06, ADR 0067). */
export const SECOND_FACTOR_PENDING_MS = 10 * 60 * 1000;

/**
 * Opens a session for the user and returns the token, which is never stored in clear. With
 * `secondFactorPending`, the session only serves the second-factor routes and ends in ten minutes.
 */
export async function createSession(db: Db, userId: string, now: Date, options: { secondFactorPending?: boolean } = {}): Promise<string> {
  const token = newSessionToken();
  const pending = options.secondFactorPending === true;
  // Expired sessions of this user are dead weight; drop them while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (pending ? SECOND_FACTOR_PENDING_MS : TOKEN_LIFETIME_MS)),
    // The app's clock, not the column default: the idle timeout is measured on that clock.
    lastSeenAt: now,
    secondFactorPending: pending,
  });
  return token;
}

/** What a presented token amounts to. */
export type SessionLookup =
  | { kind: 'live'; user: AuthUser }
  /** A session that existed but passed its idle or absolute limit; its row is gone now. Names its user for the audit record. */
  | { kind: 'timedOut'; user: { id: string; username: string; role: string } }
  /** Unknown or revoked token, or an account that is not active. */
  | { kind: 'none' };

/**
 * The session lookup, built once per database: every authenticated request runs it, and building a
 * query of this size costs more than running it (issue 15's authenticated-list profile). As a named
 * statement it is also parsed and planned once per connection.
 */
function prepareSessionLookup(db: Db) {
  return (
    db
      .select({
        id: users.id,
        username: users.username,
        fullname: users.fullname,
        headimgurl: users.headimgurl,
        role: users.role,
        frozenAt: users.frozenAt,
        mustChangePassword: users.mustChangePassword,
        passwordChangedAt: users.passwordChangedAt,
        userCreatedAt: users.createdAt,
        roleId: roles.id,
        roleName: roles.name,
        roleNameEn: roles.nameEn,
        permissionId: rolePermissions.permissionId,
        actions: rolePermissions.actions,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        secondFactorPending: sessions.secondFactorPending,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The account's own role and every role an administrator granted (spec §6: a user may hold several).
      .leftJoin(
        roles,
        or(
          eq(roles.id, users.role),
          sql`${roles.id} IN (SELECT ${userRoles.roleId} FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`,
        ),
      )
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      // An account that is not active (never activated, or disabled) has no live session (SECURITY R07).
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(users.active, true)))
      .prepare('session_user_lookup')
  );
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The user of a session with their role's permissions, judged by the session policy (SECURITY R10,
 * ADR 0008): a session idle past its class's limit or past its absolute end is deleted and reported
 * as timed out; a live one records its activity at most once a minute. One query for the lookup: the
 * role and its permissions are joined in, one row per permission, so a permission check costs the
 * request nothing more. With `passwordMaxAgeDays`, a password older than that is owed a change first
 * (mustChangePassword, with passwordExpired saying why; SECURITY R01).
 */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
  policy: { passwordMaxAgeDays?: number | undefined; peek?: boolean } = {},
): Promise<SessionLookup> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash });
  const row = rows[0];
  if (!row) return { kind: 'none' };
  const heldRoles = rolesFromRows(rows, row.role);
  const permissions = permissionsOf(heldRoles);
  // The class follows the role as it is now, so a promotion tightens the limits on the next request.
  const verdict = sessionVerdict(row, sessionClassOf(permissions), now);
  // A peek (the read budget asking whether a reader is logged in, R28) changes nothing: a timed-out session is
  // simply not live, and a live one is not touched, since a public read is no activity (ADR 0008).
  if (verdict.kind === 'timedOut' && policy.peek) return { kind: 'none' };
  if (verdict.kind === 'timedOut') {
    // Revoked, not merely refused: the token can never come back to life (R10, R11).
    await revokeSession(db, tokenHash);
    return { kind: 'timedOut', user: { id: row.id, username: row.username, role: row.role } };
  }
  if (verdict.touch && !policy.peek) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  // Judged on every request, not stamped at login: a session opened the day before the password
  // expires is held to the change the day after, and the setting applies at once everywhere (R01).
  const passwordExpired = isPasswordExpired(row.passwordChangedAt, row.userCreatedAt, policy.passwordMaxAgeDays, now);
  return {
    kind: 'live',
    user: {
      id: row.id,
      username: row.username,
      fullname: row.fullname,
      headimgurl: row.headimgurl,
      role: row.role,
      roles: heldRoles,
      frozen: row.frozenAt !== null,
      mustChangePassword: row.mustChangePassword || passwordExpired,
      passwordExpired,
      secondFactorPending: row.secondFactorPending,
      permissions,
      sessionTokenHash: tokenHash,
      session: {
        idleTimeoutMs: verdict.idleTimeoutMs,
        expiresAt: verdict.expiresAt,
        idleRemainingMs: verdict.idleExpiresAt.getTime() - now.getTime(),
      },
    },
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends every session of a user, or all but the one in use (a password change), at once and for every
 * process: each request looks its session up in this table, and no process keeps a copy (SECURITY
 * R11). A password reset or change, an administrator's lock, freeze, role change and "end sessions"
 * come here; pass the transaction of the change, so the sessions end in the commit that makes it.
 * Answers how many sessions ended.
 */
export async function revokeUserSessions(db: Pick<Db, 'delete'>, userId: string, keepTokenHash?: string): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const ended = await db
    .delete(sessions)
    .where(keepTokenHash ? and(mine, ne(sessions.tokenHash, keepTokenHash)) : mine)
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** An administrator's "end everyone's sessions" (SECURITY R11): every session but the caller's own; answers how many ended. */
export async function revokeSessionsOfOthers(db: Pick<Db, 'delete'>, callerId: string): Promise<number> {
  const ended = await db.delete(sessions).where(ne(sessions.userId, callerId)).returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/**
 * The user's sessions that are still alive under the policy of their class (the security summary
 * shows the count): a timed-out row not yet swept by its next use is not counted.
 */
export async function countLiveSessions(db: Db, userId: string, now: Date, sessionClass: SessionClass): Promise<number> {
  const { idleTimeoutMs, absoluteLifetimeMs } = SESSION_LIMITS[sessionClass];
  const rows = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - absoluteLifetimeMs)),
        gte(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs)),
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

import { and, count, eq, gt, lte, ne } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../../shared/constants';
import { permissionsOf } from '../../../shared/permissions/has-permission';
import type { Db } from '../../db/database';
import { rolePermissions, roles, sessions, users } from '../../db/schema';
import { roleFromRows } from '../role/role-from-rows';
import type { AuthUser } from './auth-user';
import { hashSessionToken, newSessionToken } from './session-token';

/** Opens a session for the user and returns the token, which is never stored in clear. */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  // Expired sessions of this user are dead weight; drop them while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  return token;
}

/**
 * The user of a live session with their role's permissions, or undefined for an unknown, revoked or
 * expired token. One query: the role and its permissions are joined in, one row per permission, so
 * a permission check costs the request nothing more.
 */
export async function findSessionUser(db: Db, tokenHash: string, now: Date): Promise<AuthUser | undefined> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      fullname: users.fullname,
      headimgurl: users.headimgurl,
      role: users.role,
      roleId: roles.id,
      roleName: roles.name,
      roleNameEn: roles.nameEn,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.role))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    // An account that is not active (never activated, or disabled) has no live session (SECURITY R07).
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.active, true)));
  const row = rows[0];
  if (!row) return undefined;
  const role = roleFromRows(rows);
  const userRoles = role ? [role] : [];
  return {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    headimgurl: row.headimgurl,
    role: row.role,
    roles: userRoles,
    permissions: permissionsOf(userRoles),
    sessionTokenHash: tokenHash,
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends every session of a user (password reset), or all but the one in use (password change), so a
 * stolen token dies with the old password (SECURITY R11).
 */
export async function revokeUserSessions(db: Db, userId: string, keepTokenHash?: string): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepTokenHash ? and(mine, ne(sessions.tokenHash, keepTokenHash)) : mine);
}

/** The user's sessions that are still alive (the security summary shows the count). */
export async function countLiveSessions(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return Number(rows[0]?.n ?? 0);
}

import { and, count, eq, gt, lte, ne } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../../shared/constants';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
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

/** The user of a live session, or undefined for an unknown, revoked or expired token. */
export async function findSessionUser(db: Db, tokenHash: string, now: Date): Promise<AuthUser | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname, headimgurl: users.headimgurl, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // An account that is not active (never activated, or disabled) has no live session (SECURITY R07).
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.active, true)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, sessionTokenHash: tokenHash } : undefined;
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

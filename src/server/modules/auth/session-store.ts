import { and, eq, gt, lte } from 'drizzle-orm';
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
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, sessionTokenHash: tokenHash } : undefined;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

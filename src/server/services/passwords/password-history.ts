import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordHistory, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password';

/** SECURITY R01: a new password may be none of the account's last five, the current one among them. */
export const PASSWORD_HISTORY_DEPTH = 5;

/** The replaced passwords kept: with the current one they are the last PASSWORD_HISTORY_DEPTH. */
const KEPT = PASSWORD_HISTORY_DEPTH - 1;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether `candidate` is the account's current password or one of the KEPT it had before. Each
 * comparison is an argon2id verification (about 40 ms), run side by side on libuv's threads; a
 * password is set rarely, and this runs only once the other rules have passed.
 */
export async function isRecentPassword(db: Pick<Db, 'select'>, userId: string, candidate: string): Promise<boolean> {
  const current = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const earlier = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(KEPT);
  const matches = await Promise.all([...current, ...earlier].map((row) => verifyPassword(row.hash, candidate)));
  return matches.includes(true);
}

/**
 * Keeps the password being replaced (its hash, as users holds it now) and forgets those beyond the
 * last five. Call it in the transaction that writes the new hash, before that write: the row lock
 * makes two changes at once take turns, so neither old password escapes the history.
 */
export async function rememberReplacedPassword(tx: Tx, userId: string, now: Date): Promise<void> {
  const current = (await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1).for('update'))[0];
  if (!current) return;
  await tx.insert(passwordHistory).values({ userId, passwordHash: current.hash, replacedAt: now });
  // The oldest id still kept; everything older goes.
  const kept = await tx
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(KEPT);
  const oldestKept = kept[kept.length - 1];
  if (kept.length < KEPT || !oldestKept) return;
  await tx.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), lt(passwordHistory.id, oldestKept.id)));
}

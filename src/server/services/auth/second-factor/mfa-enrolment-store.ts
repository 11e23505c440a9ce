import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { mfaEnrolments, mfaRecoveryCodes } from '../../../db/schema';
import { personalCipherOf } from '../../crypto/personal-cipher';

/** An account's authenticator, its secret opened. */
export interface Enrolment {
  secret: string;
  confirmed: boolean;
  confirmedAt: Date | null;
  lastStep: number | null;
}

export async function findEnrolment(db: Db, userId: string): Promise<Enrolment | undefined> {
  const rows = await db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, userId)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    secret: await personalCipherOf(db).open(row.secret),
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt,
    lastStep: row.lastStep,
  };
}

/** Whether the account has a confirmed authenticator; the secret is not opened. */
export async function isEnrolled(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: mfaEnrolments.userId })
    .from(mfaEnrolments)
    .where(and(eq(mfaEnrolments.userId, userId), isNotNull(mfaEnrolments.confirmedAt)))
    .limit(1);
  return rows.length === 1;
}

/**
 * Starts (or starts again) an enrolment with a new secret, sealed before it is written (ADR 0066). A
 * confirmed enrolment is never replaced here: it must be reset first, with a current code.
 * Returns false when the account already has a confirmed authenticator.
 */
export async function startEnrolment(db: Db, userId: string, secret: string, now: Date): Promise<boolean> {
  const sealed = await personalCipherOf(db).seal(secret);
  const rows = await db
    .insert(mfaEnrolments)
    .values({ userId, secret: sealed, confirmedAt: null, lastStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: mfaEnrolments.userId,
      set: { secret: sealed, lastStep: null, createdAt: now },
      setWhere: isNull(mfaEnrolments.confirmedAt),
    })
    .returning({ userId: mfaEnrolments.userId });
  return rows.length === 1;
}

/**
 * Spends a time step: recorded only if it is later than every step this account used before, in one
 * conditional update, so two requests with the same code cannot both pass (replay). With `confirm`, a
 * pending enrolment becomes confirmed in the same write.
 */
export async function spendTotpStep(db: Db, userId: string, step: number, now: Date, confirm = false): Promise<boolean> {
  const rows = await db
    .update(mfaEnrolments)
    .set(confirm ? { lastStep: step, confirmedAt: now } : { lastStep: step })
    .where(
      and(
        eq(mfaEnrolments.userId, userId),
        confirm ? isNull(mfaEnrolments.confirmedAt) : isNotNull(mfaEnrolments.confirmedAt),
        or(isNull(mfaEnrolments.lastStep), lt(mfaEnrolments.lastStep, step)),
      ),
    )
    .returning({ userId: mfaEnrolments.userId });
  return rows.length === 1;
}

/** Removes the authenticator and its recovery codes (a reset by the owner, or an administrator's clearing). */
export async function clearEnrolment(db: Pick<Db, 'delete'>, userId: string): Promise<boolean> {
  const removed = await db.delete(mfaEnrolments).where(eq(mfaEnrolments.userId, userId)).returning({ userId: mfaEnrolments.userId });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return removed.length === 1;
}

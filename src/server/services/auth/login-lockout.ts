import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { loginFailures } from '../../db/schema';

/** SECURITY R03 / MLPS 8.1.4.1 b: 5 failures within 15 minutes lock the account for 30 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 30 * 60 * 1000;
/** From the third failure on, a graphic captcha is required (ADR 0005). */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;

/** The counter key: the name as typed, case-folded, so 'Admin' and 'admin' share one budget. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export interface LoginGate {
  locked: boolean;
  captchaRequired: boolean;
}

/** Where this username stands now: locked, needing a captcha, or free. */
export async function loginGate(db: Db, key: string, now: Date): Promise<LoginGate> {
  const rows = await db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key)).limit(1);
  const row = rows[0];
  if (!row) return { locked: false, captchaRequired: false };
  if (row.lockedUntil) {
    return row.lockedUntil.getTime() > now.getTime() ? { locked: true, captchaRequired: true } : { locked: false, captchaRequired: false };
  }
  if (now.getTime() - row.windowStartedAt.getTime() >= LOGIN_FAILURE_WINDOW_MS) return { locked: false, captchaRequired: false };
  return { locked: false, captchaRequired: row.failures >= LOGIN_CAPTCHA_AFTER_FAILURES };
}

/**
 * Counts one failure in a single upsert, so concurrent guesses cannot slip past the limit. The
 * window starts at the first failure; a finished window or an expired lock starts a new count.
 * Returns whether this failure locked the account.
 */
export async function recordLoginFailure(db: Db, key: string, now: Date): Promise<{ lockedNow: boolean }> {
  const nowIso = now.toISOString();
  const windowStartIso = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const lockUntilIso = new Date(now.getTime() + LOGIN_LOCK_MS).toISOString();
  const fresh = sql`(${loginFailures.windowStartedAt} <= ${windowStartIso}::timestamptz OR (${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= ${nowIso}::timestamptz))`;
  const firstLocks = LOGIN_MAX_FAILURES <= 1;
  const rows = await db
    .insert(loginFailures)
    .values({ usernameKey: key, failures: 1, windowStartedAt: now, lockedUntil: firstLocks ? new Date(lockUntilIso) : null })
    .onConflictDoUpdate({
      target: loginFailures.usernameKey,
      set: {
        failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE ${loginFailures.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${fresh} THEN NULL WHEN ${loginFailures.failures} + 1 >= ${LOGIN_MAX_FAILURES} THEN ${lockUntilIso}::timestamptz ELSE ${loginFailures.lockedUntil} END`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  // Anyone can make rows by typing names, so finished windows are swept here.
  await db
    .delete(loginFailures)
    .where(
      and(
        lte(loginFailures.windowStartedAt, new Date(windowStartIso)),
        or(isNull(loginFailures.lockedUntil), lte(loginFailures.lockedUntil, now)),
      ),
    );
  const row = rows[0];
  return { lockedNow: row?.failures === LOGIN_MAX_FAILURES && row.lockedUntil !== null };
}

/** A successful login starts the count again (SECURITY R03). */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
}

import { lte } from 'drizzle-orm';
import type { Db } from './database';
import { idempotencyKeys, rateLimits } from './schema';

/**
 * Removes the Idempotency-Key rows past their 24 hours and the rate-limit counters whose window has
 * ended (a later hit starts a new window either way): both tables only grow otherwise, one row per
 * key and one per address and route (SECURITY R28, R37).
 */
export async function sweepExpiredKeys(db: Db, now: Date): Promise<{ idempotencyKeys: number; rateLimits: number }> {
  const keys = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).returning({ scope: idempotencyKeys.scope });
  const counters = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return { idempotencyKeys: keys.length, rateLimits: counters.length };
}

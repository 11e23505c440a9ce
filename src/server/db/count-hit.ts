import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { rateLimits } from './schema';

/**
 * Counts one hit (or `hits` at once) on `key` in a fixed window; the counter lives in the database, shared by
 * every process.
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date, hits = 1): Promise<{ current: number; ttl: number }> {
  const nowIso = now.toISOString();
  const resetIso = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: hits, resetAt: new Date(resetIso) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN ${hits}::int ELSE ${rateLimits.count} + ${hits}::int END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetIso}::timestamptz ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0];
  if (!row) throw new Error('rate-limit upsert returned no row');
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

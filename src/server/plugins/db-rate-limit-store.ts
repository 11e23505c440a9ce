import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import type { Clock } from '../lib/clock';

/** Counts one hit on `key` in a fixed window; the counter lives in the database, shared by every process. */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<{ current: number; ttl: number }> {
  const nowIso = now.toISOString();
  const resetIso = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(resetIso) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetIso}::timestamptz ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0];
  if (!row) throw new Error('rate-limit upsert returned no row');
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

interface ChildParams {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * A @fastify/rate-limit store over the database: the in-memory default would give each server process
 * its own counters, so N processes would allow N times the limit.
 */
export function createDbRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class DbRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'global:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow, clock()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Each route with its own limit counts separately, keyed by method and URL.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const info = (routeOptions as unknown as ChildParams).routeInfo;
      return new DbRateLimitStore(undefined, `${String(info?.method ?? '')} ${String(info?.url ?? '')}:`);
    }
  }
  return DbRateLimitStore;
}

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { countHit } from '../db/count-hit';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';

// Where the counter lives now (the audit's throttle counts with it too); imported from here by the older callers.
export { countHit };

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

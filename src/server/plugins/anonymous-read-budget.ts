import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../shared/api/endpoints';
import { AppError } from '../lib/app-error';
import { routeMethod } from '../lib/request-input';
import { createBatchedHitCounter } from './batched-hit-counter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a list or its summary, whose filters travel in the body): counted as a read (R28). */
    readOnly?: true;
  }
}

/** SECURITY R28's suggestion is 300; twice that, so a visitor paging through lists never meets it. */
export const DEFAULT_ANONYMOUS_READS_PER_MINUTE = 600;

const WINDOW_MS = 60_000;
/** How often each process adds its visitors' reads to the shared counters. */
const FLUSH_MS = 1_000;

export interface AnonymousReadBudgetOptions {
  /** Reads per address per minute; 0 turns the budget off. */
  perMinute: number;
  /** Whether the request carries a live session, asked without touching it: a logged-in user is not counted. */
  isLoggedIn: (request: FastifyRequest) => Promise<boolean>;
}

function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

/**
 * One budget over every read a visitor makes under /api (SECURITY R28): GET and HEAD, and the POSTs
 * marked readOnly (the lists). Counted per trusted client address (request.ip) in the database, so
 * every process shares it, each process adding its hits once a second (batched-hit-counter.ts); over budget, 429 with Retry-After and the usual envelope (audited as
 * every 429 is: rate-limit.ts). A request with a
 * live session is not counted, nor are the SPA's own files (outside /api). Per-route limits
 * (rate-limit.ts) still apply on top. Install on the root instance after installRouteAccess, so a
 * `user` route's caller is already known.
 */
export function installAnonymousReadBudget(app: FastifyInstance, options: AnonymousReadBudgetOptions): void {
  if (options.perMinute <= 0) return;
  const counter = createBatchedHitCounter(app.database.db, app.clock, { windowMs: WINDOW_MS, flushMs: FLUSH_MS });
  app.addHook('onClose', async () => counter.stop());
  app.addHook('onRequest', async (request, reply) => {
    const read = routeMethod(request) === 'GET' || request.routeOptions.config.readOnly === true;
    if (!read || request.user || !isApiPath(request.url)) return;
    if (request.headers.authorization !== undefined && (await options.isLoggedIn(request))) return;
    const { current, ttl } = counter.hit(`anonymous-read:${request.ip}`);
    if (current <= options.perMinute) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
    throw new AppError(429, 'tooManyRequests');
  });
}

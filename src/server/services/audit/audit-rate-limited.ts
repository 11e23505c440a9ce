import type { FastifyRequest } from 'fastify';
import { countHit } from '../../db/count-hit';
import { auditRequest } from './request-audit';

/** At most one RATE_LIMITED row per address and route in this window, however many refusals. */
const AUDIT_WINDOW_MS = 60_000;

/**
 * The RATE_LIMITED record of a 429 (SECURITY R31): the route (method and pattern, never the query
 * string) as the object, the trusted address in `ip` as on every row. A flood of refusals writes one row
 * per address and route a minute, counted in the database so that every process shares the count.
 */
export async function auditRateLimited(request: FastifyRequest): Promise<void> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`;
  const { db } = request.server.database;
  const { current } = await countHit(db, `audit-rate-limited:${request.ip} ${route}`, AUDIT_WINDOW_MS, request.server.clock());
  if (current > 1) return;
  await auditRequest(request, {
    event: 'RATE_LIMITED',
    result: 'failure',
    reason: 'tooManyRequests',
    objectType: 'route',
    objectId: route,
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { createDbRateLimitStore } from './db-rate-limit-store';

/**
 * Per-route limits (`config.rateLimit`), none globally. The key is the user on `user` routes (the
 * access hook runs first) and request.ip otherwise: the socket's address, or the client's as forwarded
 * by a TRUST_PROXY proxy, never X-Forwarded-For from anyone else (SECURITY R28). The error is an
 * AppError carrying 429: a plain object without statusCode would reach the client as a 500 (STACK
 * trap 14).
 *
 * `onRefused` is told of every 429 before it is answered, from these limits, the anonymous read budget
 * (anonymous-read-budget.ts) or a handler's own counter (the SMS limits): the app writes a throttled
 * RATE_LIMITED audit row (SECURITY R31). A failure there is logged, and the 429 answered all the same.
 */
export async function installRateLimit(
  app: FastifyInstance,
  options: { onRefused?: (request: FastifyRequest) => Promise<void> } = {},
): Promise<void> {
  const { onRefused } = options;
  if (onRefused)
    app.addHook('onError', async (request, _reply, error) => {
      if (!(error instanceof AppError) || error.statusCode !== 429) return;
      await onRefused(request).catch((failure: unknown) => request.log.error({ err: failure }, 'rate-limit audit failed'));
    });
  await app.register(rateLimit, {
    global: false,
    store: createDbRateLimitStore(app.database.db, app.clock),
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => new AppError(429, 'tooManyRequests'),
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { createDbRateLimitStore } from './db-rate-limit-store';

/**
 * Per-route limits (`config.rateLimit`), none globally. The key is the user on `user` routes (the
 * access hook runs first) and request.ip otherwise: the socket's address, or the client's as forwarded
 * by a TRUST_PROXY proxy, never X-Forwarded-For from anyone else (SECURITY R28). The error is an
 * AppError carrying 429: a plain object without statusCode would reach the client as a 500 (STACK
 * trap 14).
 */
export async function installRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: createDbRateLimitStore(app.database.db, app.clock),
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => new AppError(429, 'tooManyRequests'),
  });
}

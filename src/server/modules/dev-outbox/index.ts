import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { devOutboxRoutes } from './dev-outbox-routes';

/** Test-only outbox reader for the e2e tests; app.ts registers it only on a NODE_ENV=test demo server on loopback. */
export async function devOutboxModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [devOutboxRoutes]);
}

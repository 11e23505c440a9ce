import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { healthRoutes, probeRoutes } from './health-routes';

/** The health call under the API base, and the liveness and readiness probes at the root. */
export async function healthModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [healthRoutes]);
  await app.register(probeRoutes);
}

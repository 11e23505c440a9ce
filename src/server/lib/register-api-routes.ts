import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { API_BASE } from '../../shared/api/endpoints';

/** Registers route plugins under the API base, each in its own encapsulated context, in the order given. */
export async function registerApiRoutes(app: FastifyInstance, routes: FastifyPluginAsync[]): Promise<void> {
  for (const plugin of routes) await app.register(plugin, { prefix: API_BASE });
}

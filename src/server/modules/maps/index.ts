import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { mapRoutes } from './map-routes';

/** The offline district maps under schemas/maps (ADR 0020). */
export async function mapsModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [mapRoutes]);
}

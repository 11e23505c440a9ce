import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { createUnitRoutes } from './create-unit-routes';
import { studioRoutes } from './studio-routes';

/** The schema studio (表单设计, ADRs 0026, 0027 and 0040): check, preview, impact, publish and roll back units; create units and retire activities. */
export async function studioModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [studioRoutes, createUnitRoutes]);
}

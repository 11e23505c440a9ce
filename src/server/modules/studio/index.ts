import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { studioRoutes } from './studio-routes';

/** The schema studio (表单设计, ADRs 0026 and 0027): check, preview, impact, publish and roll back units. */
export async function studioModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [studioRoutes]);
}

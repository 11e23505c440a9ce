import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { dictRoutes } from './dict-routes';

/** Dictionaries (数据字典) for selects, radios and checkboxes. */
export async function dictModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [dictRoutes]);
}

import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { answerRoutes } from './answer-routes';
import { searchRoutes } from './search-routes';

/** Search and policy questions (ADRs 0018, 0019). */
export async function searchModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [searchRoutes, answerRoutes]);
}

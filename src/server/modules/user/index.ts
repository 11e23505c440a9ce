import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { unitListSource } from './unit-list-source';
import { userListSource } from './user-list-source';
import { userRoutes } from './user-routes';

/** Users: the user info and menu, 用户管理, and the `users` and `units` list sources (ADRs 0012, 0013). */
export async function userModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('users', userListSource(app));
  app.listSources.set('units', unitListSource(app));
  await registerApiRoutes(app, [userRoutes]);
}

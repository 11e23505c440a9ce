import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { roleListSource } from './role-list-source';
import { roleRoutes } from './role-routes';

/** 角色管理: roles and their permissions, and the `roles` list source (ADR 0012). */
export async function roleModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('roles', roleListSource(app));
  await registerApiRoutes(app, [roleRoutes]);
}

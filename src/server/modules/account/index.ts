import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { accountRoutes } from './account-routes';

/** 账户设置: the signed-in user's own account (password change, profile). */
export async function accountModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [accountRoutes]);
}

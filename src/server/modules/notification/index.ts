import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { notificationRoutes } from './notification-routes';

/** 消息中心 (issue 31 item 4): the routes over the notices the engine's transitions write (services/notifications). */
export async function notificationModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [notificationRoutes]);
}

import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { messageListSource } from './message-list-source';
import { messageRoutes } from './message-routes';

/** 在线留言: the message board's routes and the `messages` list source of 我的留言. */
export async function messageModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('messages', messageListSource(app));
  await registerApiRoutes(app, [messageRoutes]);
}

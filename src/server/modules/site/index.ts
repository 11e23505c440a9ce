import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { navigationRoutes } from './navigation-routes';

/** The site's navigation as data: the menu, the home tiles and the footer (schemas/site/navigation.json, issue 30). */
export async function siteModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [navigationRoutes]);
}

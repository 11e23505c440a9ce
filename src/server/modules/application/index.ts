import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { applicationListSource } from './application-list-source';
import { applicationRoutes } from './application-routes';
import { resourceRoutes } from './resource-routes';
import { reviewRoutes } from './review-routes';
import { unmaskedApplicationRoute } from './unmasked-application-route';

/** Activity applications: drafts, steps, submit and review, and the `applications` list source of 我的申报 (ADR 0004). */
export async function applicationModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('applications', applicationListSource(app));
  await registerApiRoutes(app, [applicationRoutes, resourceRoutes, reviewRoutes, unmaskedApplicationRoute]);
}

import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { businessListSource } from '../records/business-list-source';
import { activityRoutes } from './activity-routes';
import { formSchemaRoutes } from './form-schema-routes';
import { matchingRoutes } from './matching-routes';
import { resourceEngineRoutes } from './resource-engine-routes';
import { resourceExportRoutes } from './resource-export-routes';
import { resourceImportRoutes } from './resource-import-routes';
import { resourcePagesRoute } from './resource-pages-route';
import { workbenchRoute } from './workbench-route';
import { dashboardRoutes } from './dashboard-routes';

/**
 * The engine's generic routes: form and activity definitions, every resource folder's record routes and
 * spec aliases (ADR 0010), rule matching, list export, import in its own context with its own multipart
 * parser (issue 11), and the pages answer. Registered after the feature modules, whose list sources the
 * folders' `source` lists read.
 */
export async function engineRoutes(app: FastifyInstance): Promise<void> {
  app.listSources.set('business', businessListSource(app));
  await registerApiRoutes(app, [
    formSchemaRoutes,
    activityRoutes,
    resourceEngineRoutes,
    matchingRoutes,
    resourceExportRoutes,
    resourceImportRoutes,
    resourcePagesRoute,
    workbenchRoute,
    dashboardRoutes,
  ]);
}

import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { auditLogListSource } from './audit-log-list-source';
import { auditRoutes } from './audit-routes';

/** 操作日志: the audit log's routes and its `auditLog` list source (ADR 0009). */
export async function auditModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('auditLog', auditLogListSource(app));
  await registerApiRoutes(app, [auditRoutes]);
}

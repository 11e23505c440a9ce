import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { cspReportRoutes } from './csp-report-routes';

/** CSP violation reports (SECURITY R29); its own context holds the parsers of the two report content types. */
export async function cspReportModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [cspReportRoutes]);
}

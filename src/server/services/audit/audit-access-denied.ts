import type { FastifyRequest } from 'fastify';
import { auditRequest } from './request-audit';

/**
 * The ACCESS_DENIED record of a permission route's 403 (SECURITY R31): the check that failed as the
 * action, the route (method and pattern, never the query string) as the object.
 */
export async function auditAccessDenied(request: FastifyRequest, permission: string): Promise<void> {
  await auditRequest(request, {
    event: 'ACCESS_DENIED',
    result: 'failure',
    reason: 'forbidden',
    action: permission,
    objectType: 'route',
    objectId: `${request.method} ${request.routeOptions.url ?? ''}`,
  });
}

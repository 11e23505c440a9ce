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

/**
 * The ACCESS_DENIED record of a password-only session calling a route other than the second factor's
 * (SECURITY R06, ADR 0067): someone holding the password tried to go further without the second factor.
 */
export async function auditSecondFactorMissing(request: FastifyRequest): Promise<void> {
  await auditRequest(request, {
    event: 'ACCESS_DENIED',
    result: 'failure',
    reason: 'secondFactorRequired',
    action: null,
    objectType: 'route',
    objectId: `${request.method} ${request.routeOptions.url ?? ''}`,
  });
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { requireUser } from '../../plugins/route-access';

const REVIEWER_ROLES: ReadonlySet<string> = new Set(['reviewer', 'admin']);

/** The caller, if they may review applications (role reviewer or admin); 403 otherwise. */
export function requireReviewer(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!REVIEWER_ROLES.has(user.role)) throw new AppError(403, 'forbidden');
  return user;
}

import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { auditRequest } from '../audit/request-audit';
import type { AuthUser } from '../../lib/auth-user';
import { findSessionUser } from './session-store';
import { hashSessionToken, isWellFormedToken } from './session-token';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The caller, from the `Authorization: Bearer` header only. Cookies are never read, so a cross-site
 * request cannot ride on a browser's cookie (SECURITY R13). A session that has just timed out is
 * refused with its own reason (401 sessionIdleTimeout), so the SPA can say why the login ended;
 * only the holder of the token learns it, and the row is already gone.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | undefined> {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = BEARER.exec(header)?.[1];
  if (!token || !isWellFormedToken(token)) return undefined;
  const { database, clock, appConfig } = request.server;
  const lookup = await findSessionUser(database.db, hashSessionToken(token), clock(), {
    passwordMaxAgeDays: appConfig.passwordMaxAgeDays,
  });
  if (lookup.kind === 'timedOut') {
    request.log.info('SESSION_TIMED_OUT');
    // Recorded when the expired session is next presented, which is when the server learns of it.
    await auditRequest(request, {
      event: 'SESSION_TIMED_OUT',
      result: 'failure',
      reason: 'sessionIdleTimeout',
      userId: lookup.user.id,
      username: lookup.user.username,
      role: lookup.user.role,
    });
    throw new AppError(401, 'sessionIdleTimeout');
  }
  return lookup.kind === 'live' ? lookup.user : undefined;
}

/**
 * The caller of a public route that acts for a logged-in user when there is one (a visitor's create
 * is the caller's own when logged in). A session that must change its password first counts as a
 * visitor there, as it may act for nobody until the password is its owner's (SECURITY R07).
 */
export async function optionalCaller(request: FastifyRequest): Promise<AuthUser | undefined> {
  const user = await authenticate(request).catch(() => undefined);
  // Likewise a session still owing its second factor (SECURITY R06): it is nobody yet.
  return user && !user.mustChangePassword && !user.secondFactorPending ? user : undefined;
}

/**
 * Whether the request carries a live session, asked without touching it (a peek): the anonymous read budget does
 * not count a logged-in reader (SECURITY R28), and a public read is no activity that should keep a session
 * from its idle timeout (ADR 0008). Nothing is written, not even for a session that has timed out.
 */
export async function hasLiveSession(request: FastifyRequest): Promise<boolean> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !isWellFormedToken(token)) return false;
  const { database, clock } = request.server;
  const lookup = await findSessionUser(database.db, hashSessionToken(token), clock(), { peek: true });
  // A password-only session (second factor owed) is no logged-in reader: it could otherwise skip the budget.
  return lookup.kind === 'live' && !lookup.user.secondFactorPending;
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, MFA_TOKEN_COOKIE, TOKEN_LIFETIME_MS } from '../../../shared/constants';

/**
 * Spec §4: the SPA syncs its token from the cookie `Access-Token` into localStorage, so a login that
 * ends in a browser redirect (SSO) hands the token over this way. It is readable by script on purpose
 * (the SPA reads it) and is never an authenticator: the server reads only the Authorization header
 * (ADR 0003), so SameSite=Lax is enough and no CSRF path opens.
 */
function cookieAttributes(app: FastifyInstance, maxAgeSeconds: number): string {
  const secure = app.appConfig.nodeEnv === 'production' ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function setAccessTokenCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${ACCESS_TOKEN_COOKIE}=${token}; ${cookieAttributes(app, Math.floor(TOKEN_LIFETIME_MS / 1000))}`);
}

/** Logout also drops the browser's copy (SECURITY R12 b). */
export function clearAccessTokenCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.header('set-cookie', `${ACCESS_TOKEN_COOKIE}=; ${cookieAttributes(app, 0)}`);
}

/** SSO for a role that needs a second factor (ADR 0067): the restricted token, for the login page's second step. */
export function setMfaTokenCookie(app: FastifyInstance, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header('set-cookie', `${MFA_TOKEN_COOKIE}=${token}; ${cookieAttributes(app, Math.floor(maxAgeMs / 1000))}`);
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginAnswer } from '../../../shared/generated/login-answer';
import type { LoginRequest } from '../../../shared/generated/login-request';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { createSession, revokeSession } from '../../services/auth/session-store';
import { clearAccessTokenCookie } from './access-token-cookie';
import { secondFactorAnswer } from './second-factor-login';
import { verifyCredentials } from './verify-credentials';

/** SECURITY R28: 10 login attempts a minute per IP; the per-account budget is the lockout (R03). */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/**
 * The password login, shared by POST /sys/user/login and POST /oauth/login so that both get the
 * same lockout and captcha. The answer keeps the spec's shape: success flag, code 200, result.token.
 */
export function loginHandler(app: FastifyInstance) {
  return async (request: FastifyRequest<{ Body: LoginRequest }>): Promise<LoginAnswer> => {
    const user = await verifyCredentials(app, request, request.body);
    // A privileged role's password alone opens no session (SECURITY R06, ADR 0067).
    if (user.secondFactor.required) return secondFactorAnswer(app, request, user);
    const token = await createSession(app.database.db, user.id, app.clock());
    // Written right after the session (ADR 0009); the token is never recorded, not even its hash.
    await auditRequest(request, { event: 'LOGIN_SUCCESS', result: 'success', userId: user.id, username: user.username, role: user.role });
    return { success: true, code: 200, msg: serverMessage('loginSucceeded', requestLocale(request)), result: { token } };
  };
}

/**
 * SECURITY R36: after a logout the browser drops what the session left behind on this site: its HTTP cache (answers
 * kept for the user), its cookies and its storage (localStorage, sessionStorage, IndexedDB), whatever the page's own
 * script managed to clear. Sent with a successful logout only: on a refusal (no session, a cross-site form post) it
 * would let anyone wipe a visitor's storage. Browsers act on it over HTTPS and on localhost only.
 */
export const CLEAR_SITE_DATA = '"cache", "cookies", "storage"';

/** Revokes exactly the presented token on the server and clears the browser's cookie copy, and the rest (R36). */
export function logoutHandler(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await revokeSession(app.database.db, requireUser(request).sessionTokenHash);
    await auditRequest(request, { event: 'LOGOUT', result: 'success' });
    clearAccessTokenCookie(app, reply);
    reply.header('clear-site-data', CLEAR_SITE_DATA);
    return ok(null, serverMessage('logoutSucceeded', requestLocale(request)));
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import ssoBindRequestSchema from '../../../../schemas/api/sso-bind-request.schema.json';
import ssoCallbackQuerySchema from '../../../../schemas/api/sso-callback-query.schema.json';
import ssoLoginQuerySchema from '../../../../schemas/api/sso-login-query.schema.json';
import loginAnswerSchema from '../../../../schemas/api/login-answer.schema.json';
import type { LoginAnswer } from '../../../shared/generated/login-answer';
import type { SsoBindRequest } from '../../../shared/generated/sso-bind-request';
import type { SsoCallbackQuery } from '../../../shared/generated/sso-callback-query';
import type { SsoLoginQuery } from '../../../shared/generated/sso-login-query';
import type { SsoProviderConfig } from '../../config/server-config';
import { externalIdentities, users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { answerResponse, redirectResponse } from '../../lib/ok-response';
import { auditRequest } from '../../services/audit/request-audit';
import { createSession, SECOND_FACTOR_PENDING_MS } from '../../services/auth/session-store';
import { heldRoleIds } from '../../services/auth/second-factor/held-role-ids';
import { mfaPolicyOf, secondFactorDemand } from '../../services/roles/mfa-roles';
import { setAccessTokenCookie, setMfaTokenCookie } from './access-token-cookie';
import { secondFactorAnswer } from './second-factor-login';
import { LOGIN_RATE_LIMIT } from './login-routes';
import { safeRedirect as sameSitePath } from '../../../shared/rules/safe-redirect';
import { authorizeUrl, fetchSsoSubject } from './sso-client';
import { ssoProvider } from './sso-provider';
import {
  consumeSsoState,
  consumeSsoTicket,
  createSsoState,
  createSsoTicket,
  findLinkedUser,
  peekSsoTicket,
  SSO_STATE_LIFETIME_MS,
} from './sso-store';
import { verifyCredentials } from './verify-credentials';

/** Ties a state to the browser that started the login (SECURITY R09, login CSRF): HttpOnly, never read by script. */
const STATE_COOKIE = 'kc_sso_state';
const STATE_COOKIE_PATH = '/api/oauth';
/** The page that binds a new provider subject to a local account (spec §2 userLogin "授权"). */
export const SSO_BIND_PAGE = '/user/login';

function stateCookie(app: FastifyInstance, value: string, maxAgeSeconds: number): string {
  const secure = app.appConfig.nodeEnv === 'production' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${STATE_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

function requireProvider(app: FastifyInstance): SsoProviderConfig {
  const provider = ssoProvider(app.appConfig);
  if (!provider) throw new AppError(503, 'ssoNotConfigured');
  return provider;
}

/** The linked account if it is active, with what its audit record names. */
async function activeUser(app: FastifyInstance, userId: string): Promise<{ username: string; role: string } | undefined> {
  const rows = await app.database.db
    .select({ active: users.active, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row?.active === true ? { username: row.username, role: row.role } : undefined;
}

/**
 * External single sign-on (spec §7 ywtbAuthLogin / ywtbJxAuthLogin), OAuth 2.0 authorization code
 * with PKCE against the provider in SSO_* (or the development provider). ADR 0005 has the contract.
 */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SsoLoginQuery }>(
    ENDPOINTS.ssoLogin,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '统一身份认证登录：302 跳转到认证服务',
        tags: ['认证'],
        querystring: ssoLoginQuerySchema,
        response: redirectResponse('跳转到认证服务的授权页'),
      },
    },
    async (request, reply) => {
      const provider = requireProvider(app);
      const { state, codeVerifier } = await createSsoState(app.database.db, sameSitePath(request.query.redirect), app.clock());
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      reply.header('set-cookie', stateCookie(app, state, SSO_STATE_LIFETIME_MS / 1000));
      reply.header('cache-control', 'no-store');
      return reply.redirect(authorizeUrl(provider, state, challenge), 302);
    },
  );

  app.get<{ Querystring: SsoCallbackQuery & Record<string, unknown> }>(
    ENDPOINTS.ssoCallback,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '统一身份认证回调：已绑定则登录（Access-Token Cookie），否则跳转绑定页',
        tags: ['认证'],
        querystring: ssoCallbackQuerySchema,
        response: redirectResponse('已绑定：登录并跳回 redirect；未绑定：跳转到绑定页 /user/login?ticket=…'),
      },
    },
    async (request, reply) => {
      const provider = requireProvider(app);
      const { db } = app.database;
      const now = app.clock();
      const { state, code, error } = request.query;
      const browserState = readCookie(request, STATE_COOKIE);
      // Spent whatever follows: a state works once (R09).
      const stored = await consumeSsoState(db, state, now);
      reply.header('set-cookie', stateCookie(app, '', 0));
      reply.header('cache-control', 'no-store');
      if (!stored || !browserState || !sameSecret(browserState, state)) throw new AppError(400, 'ssoStateInvalid');
      // RFC 9207: a provider that names itself must be the one we asked.
      const iss = request.query['iss'];
      if (iss !== undefined && iss !== provider.issuer) throw new AppError(400, 'ssoStateInvalid');
      if (error !== undefined || !code) throw new AppError(400, 'ssoProviderError');

      const subject = await fetchSsoSubject(app.ssoHttp, provider, code, stored.codeVerifier);
      // Linked by (issuer, subject) alone: a matching name or phone means nothing (R09).
      const userId = await findLinkedUser(db, provider.issuer, subject);
      if (!userId) {
        const ticket = await createSsoTicket(db, provider.issuer, subject, stored.redirect, now);
        const target = new URLSearchParams({ ticket, redirect: stored.redirect });
        return reply.redirect(`${SSO_BIND_PAGE}?${target.toString()}`, 302);
      }
      const account = await activeUser(app, userId);
      if (!account) throw new AppError(403, 'accountInactive');
      // A privileged role gives its second factor here too (SECURITY R06, ADR 0067): the provider's word is
      // one factor, and no `amr` claim stands in for ours. The login page asks for it, then lands.
      if (secondFactorDemand(await heldRoleIds(db, userId, account.role), mfaPolicyOf(app.appConfig)).required) {
        const pending = await createSession(db, userId, now, { secondFactorPending: true });
        setMfaTokenCookie(app, reply, pending, SECOND_FACTOR_PENDING_MS);
        request.log.info({ event: 'SSO_LOGIN_MFA', userId }, 'single sign-on login waits for the second factor');
        return reply.redirect(`${SSO_BIND_PAGE}?${new URLSearchParams({ mfa: 'sso', redirect: stored.redirect }).toString()}`, 302);
      }
      const token = await createSession(db, userId, now);
      setAccessTokenCookie(app, reply, token);
      request.log.info({ event: 'SSO_LOGIN', userId }, 'single sign-on login');
      await auditRequest(request, { event: 'LOGIN_SUCCESS', result: 'success', reason: 'sso', userId, ...account });
      return reply.redirect(stored.redirect, 302);
    },
  );

  app.post<{ Body: SsoBindRequest }>(
    ENDPOINTS.ssoBind,
    {
      config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: '统一身份认证账号绑定：凭证 + 本地账号密码，绑定后登录',
        tags: ['认证'],
        body: ssoBindRequestSchema,
        response: answerResponse(loginAnswerSchema),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { db } = app.database;
      const now = app.clock();
      const { ticket, ...credentials } = request.body;
      const pending = await peekSsoTicket(db, ticket, now);
      if (!pending) throw new AppError(400, 'ssoTicketInvalid');
      // The same check as a login, lockout and captcha included.
      const account = await verifyCredentials(app, request, credentials);
      const userId = account.id;
      if (!(await consumeSsoTicket(db, ticket, now))) throw new AppError(400, 'ssoTicketInvalid');

      const existing = await db
        .select({ subject: externalIdentities.subject })
        .from(externalIdentities)
        .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, pending.issuer)))
        .limit(1);
      if (existing.length > 0 || (await findLinkedUser(db, pending.issuer, pending.subject))) throw new AppError(409, 'ssoAlreadyBound');
      await db.insert(externalIdentities).values({ issuer: pending.issuer, subject: pending.subject, userId, createdAt: now });
      // Bound; the login itself still owes a privileged role's second factor (SECURITY R06).
      if (account.secondFactor.required) return secondFactorAnswer(app, request, account, pending.redirect);
      const token = await createSession(db, userId, now);
      request.log.info({ event: 'SSO_BOUND', userId }, 'single sign-on identity bound');
      await auditRequest(request, {
        event: 'LOGIN_SUCCESS',
        result: 'success',
        reason: 'ssoBind',
        userId,
        username: account.username,
        role: account.role,
      });
      const answer: LoginAnswer = {
        success: true,
        code: 200,
        msg: serverMessage('ssoBound', locale),
        result: { token, redirect: pending.redirect },
      };
      return answer;
    },
  );
}

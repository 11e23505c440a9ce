import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import devSsoAuthorizeQuerySchema from '../../../../schemas/api/dev-sso-authorize-query.schema.json';
import devSsoTokenRequestSchema from '../../../../schemas/api/dev-sso-token-request.schema.json';
import type { DevSsoAuthorizeQuery } from '../../../shared/generated/dev-sso-authorize-query';
import type { DevSsoTokenRequest } from '../../../shared/generated/dev-sso-token-request';
import { redirectResponse } from '../../lib/ok-response';
import { ERROR_ENVELOPE } from '../../plugins/response-schemas';
import { DEV_SSO_PROVIDER, devSsoEnabled } from './sso-provider';

export const DEV_SSO_DEFAULT_SUBJECT = 'dev-user';
const CODE_LIFETIME_MS = 60_000;
const ACCESS_TOKEN_LIFETIME_MS = 5 * 60_000;

interface Grant {
  kind: 'code' | 'access';
  sub: string;
  exp: number;
  /** PKCE challenge, on codes only. */
  pkce?: string;
}

/*
 * Codes and access tokens are self-contained and MACed with the development client secret, so the
 * stand-in needs no table and works across processes. It is deliberately simple: a code can be
 * redeemed more than once within its minute. It is a development tool, not a provider.
 */
function sign(grant: Grant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const mac = createHmac('sha256', DEV_SSO_PROVIDER.clientSecret).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

function verify(token: string, kind: Grant['kind'], now: Date): Grant | undefined {
  const [payload = '', mac = ''] = token.split('.');
  const expected = createHmac('sha256', DEV_SSO_PROVIDER.clientSecret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant;
    return grant.kind === kind && grant.exp > now.getTime() ? grant : undefined;
  } catch {
    return undefined;
  }
}

function clientAuthenticated(request: FastifyRequest<{ Body: DevSsoTokenRequest }>): boolean {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  let id = request.body.client_id;
  let secret = request.body.client_secret;
  if (basic) {
    const [rawId = '', rawSecret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    id = decodeURIComponent(rawId);
    secret = decodeURIComponent(rawSecret);
  }
  return id === DEV_SSO_PROVIDER.clientId && secret === DEV_SSO_PROVIDER.clientSecret;
}

/** RFC 6749 §5.2: the OAuth error shape, which this provider speaks; input the route schema refuses still gets the portal's envelope. */
const OAUTH_ERROR = {
  '4xx': {
    anyOf: [
      { type: 'object', additionalProperties: false, required: ['error'], properties: { error: { type: 'string' } } },
      ERROR_ENVELOPE,
    ],
  },
};

function oauthError(reply: FastifyReply, status: number, error: string) {
  // RFC 6749 §5.2 error shape: this endpoint speaks OAuth, not the portal's envelope.
  return reply.code(status).header('cache-control', 'no-store').send({ error });
}

/**
 * The development SSO provider (ADR 0005): authorize redirects straight back with a code for the
 * subject named in ?subject= (default dev-user); token and userinfo complete the standard flow. Only
 * mounted when devSsoEnabled(config): the tests and the embedded demo, or wherever DEV_SSO=true.
 */
export async function devSsoRoutes(app: FastifyInstance): Promise<void> {
  if (!devSsoEnabled(app.appConfig)) return;
  // RFC 6749 §4.1.3 token requests are form-encoded; this parser exists in this plugin only, so every
  // other route still refuses a form post with 415 (SECURITY R13).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get<{ Querystring: DevSsoAuthorizeQuery }>(
    ENDPOINTS.devSsoAuthorize,
    {
      config: { access: 'public' },
      schema: {
        summary: '开发用认证服务：授权（立即带授权码跳回）',
        tags: ['开发用认证服务'],
        querystring: devSsoAuthorizeQuerySchema,
        response: { ...redirectResponse('带授权码跳回 redirect_uri'), ...OAUTH_ERROR },
      },
    },
    async (request, reply) => {
      const { client_id: clientId, redirect_uri: redirectUri, state, subject, code_challenge: pkce } = request.query;
      // An exact redirect_uri match, as a real provider must do (SECURITY R09).
      if (clientId !== DEV_SSO_PROVIDER.clientId || redirectUri !== DEV_SSO_PROVIDER.redirectUri)
        return oauthError(reply, 400, 'invalid_request');
      const code = sign({ kind: 'code', sub: subject ?? DEV_SSO_DEFAULT_SUBJECT, exp: app.clock().getTime() + CODE_LIFETIME_MS, pkce });
      const target = new URLSearchParams({ code, state, iss: DEV_SSO_PROVIDER.issuer });
      return reply.redirect(`${redirectUri}?${target.toString()}`, 302);
    },
  );

  app.post<{ Body: DevSsoTokenRequest }>(
    ENDPOINTS.devSsoToken,
    {
      config: { access: 'public' },
      schema: {
        summary: '开发用认证服务：授权码换取访问令牌',
        tags: ['开发用认证服务'],
        body: devSsoTokenRequestSchema,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['access_token', 'token_type', 'expires_in'],
            properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' } },
          },
          ...OAUTH_ERROR,
        },
      },
    },
    async (request, reply) => {
      if (!clientAuthenticated(request)) return oauthError(reply, 401, 'invalid_client');
      const grant = verify(request.body.code, 'code', app.clock());
      const challenge = createHash('sha256').update(request.body.code_verifier).digest('base64url');
      if (!grant || request.body.redirect_uri !== DEV_SSO_PROVIDER.redirectUri || grant.pkce !== challenge)
        return oauthError(reply, 400, 'invalid_grant');
      const accessToken = sign({ kind: 'access', sub: grant.sub, exp: app.clock().getTime() + ACCESS_TOKEN_LIFETIME_MS });
      return reply
        .header('cache-control', 'no-store')
        .send({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFETIME_MS / 1000 });
    },
  );

  app.get(
    ENDPOINTS.devSsoUserinfo,
    {
      config: { access: 'public' },
      schema: {
        summary: '开发用认证服务：用户信息',
        tags: ['开发用认证服务'],
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['sub', 'name'],
            properties: { sub: { type: 'string' }, name: { type: 'string' } },
          },
          ...OAUTH_ERROR,
        },
      },
    },
    async (request, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const grant = bearer ? verify(bearer, 'access', app.clock()) : undefined;
      if (!grant) return oauthError(reply, 401, 'invalid_token');
      return { sub: grant.sub, name: `测试用户 ${grant.sub}` };
    },
  );
}

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities } from '../../../../src/server/db/schema';
import { DEV_SSO_PROVIDER } from '../../../../src/server/modules/passport/sso-provider';
import { createPhoneUser, freshIp, INFO_URL } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

function cookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const line = cookies(response).find((cookie) => cookie.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

describe('external single sign-on with the development provider (SECURITY R09, R23)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: freshIp(), ...(cookie ? { headers: { cookie } } : {}) });

  /** Start → provider → back at the callback; returns the callback's response. */
  async function signIn(subject: string, redirect?: string): Promise<LightMyRequestResponse> {
    const start = await get(`/api/oauth/ywtbAuthLogin${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`);
    expect(start.statusCode).toBe(302);
    const stateCookie = `kc_sso_state=${cookieValue(start, 'kc_sso_state') ?? ''}`;
    const provider = await get(`${start.headers.location}&subject=${subject}`);
    expect(provider.statusCode).toBe(302);
    return get(String(provider.headers.location), stateCookie);
  }

  function bind(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/oauth/ywtbJxAuthLogin', remoteAddress: freshIp(), payload });
  }

  it('starts with a 302 to the authorize URL: state, PKCE and an HttpOnly state cookie bound to this browser', async () => {
    const start = await get('/api/oauth/ywtbAuthLogin?redirect=/home');
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location), 'http://portal.test');
    expect(location.pathname).toBe('/api/dev-sso/authorize');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: DEV_SSO_PROVIDER.clientId,
      redirect_uri: DEV_SSO_PROVIDER.redirectUri,
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies(start).join('\n')).toMatch(/kc_sso_state=[^;]+; Path=\/api\/oauth; Max-Age=600; HttpOnly; SameSite=Lax/);
  });

  it('runs the whole flow: an unlinked subject binds with a password, then signs straight in with the Access-Token cookie', async () => {
    const user = await createPhoneUser(t, 'sso');
    const subject = `sub-${user.id.slice(0, 8)}`;
    const first = await signIn(subject, '/policies/12?tab=a');
    expect(first.statusCode).toBe(302);
    const bindPage = new URL(String(first.headers.location), 'http://portal.test');
    expect(bindPage.pathname).toBe('/user/login');
    expect(bindPage.searchParams.get('redirect')).toBe('/policies/12?tab=a');
    const ticket = bindPage.searchParams.get('ticket') ?? '';
    expect(cookieValue(first, 'Access-Token')).toBeUndefined();

    const wrong = await bind({ ticket, username: user.username, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, msg: '用户名或密码错误', reason: 'invalidCredentials' });
    const bound = await bind({ ticket, username: user.username, password: user.password });
    expect(bound.statusCode).toBe(200);
    const body = bound.json<{ success: boolean; code: number; msg: string; result: { token: string; redirect: string } }>();
    expect(body).toMatchObject({ success: true, code: 200, msg: '绑定成功', result: { redirect: '/policies/12?tab=a' } });
    expect(
      (await t.app.inject({ method: 'GET', url: INFO_URL, headers: { authorization: `Bearer ${body.result.token}` } })).statusCode,
    ).toBe(200);
    expect((await bind({ ticket, username: user.username, password: user.password })).json()).toMatchObject({
      code: 400,
      reason: 'ssoTicketInvalid',
    });

    const second = await signIn(subject, '/policies/12?tab=a');
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/policies/12?tab=a');
    const accessCookie = cookies(second).find((cookie) => cookie.startsWith('Access-Token='));
    expect(accessCookie).toMatch(/^Access-Token=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; SameSite=Lax$/);
    const token = cookieValue(second, 'Access-Token') ?? '';
    const info = await t.app.inject({ method: 'GET', url: INFO_URL, headers: { authorization: `Bearer ${token}` } });
    expect(info.json()).toMatchObject({ data: { username: user.username } });
  });

  it('refuses a reused state, an unknown state, a state from another browser and an expired state with 400', async () => {
    const start = await get('/api/oauth/ywtbAuthLogin');
    const stateCookie = `kc_sso_state=${cookieValue(start, 'kc_sso_state') ?? ''}`;
    const callback = String((await get(`${start.headers.location}&subject=reuse`)).headers.location);
    expect((await get(callback, stateCookie)).statusCode).toBe(302);
    const reused = await get(callback, stateCookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 400, msg: '登录请求无效或已过期，请重新登录', reason: 'ssoStateInvalid' });

    const forged = await get('/api/oauth/ywtbAuthLogin/callback?code=abc&state=made-up', 'kc_sso_state=made-up');
    expect(forged.json()).toMatchObject({ code: 400, reason: 'ssoStateInvalid' });

    const other = await get('/api/oauth/ywtbAuthLogin');
    const otherCallback = String((await get(`${other.headers.location}&subject=csrf`)).headers.location);
    expect((await get(otherCallback)).json()).toMatchObject({ code: 400, reason: 'ssoStateInvalid' });

    const slow = await get('/api/oauth/ywtbAuthLogin');
    const slowCookie = `kc_sso_state=${cookieValue(slow, 'kc_sso_state') ?? ''}`;
    const slowCallback = String((await get(`${slow.headers.location}&subject=slow`)).headers.location);
    t.clock.advance(10 * 60_000 + 1);
    expect((await get(slowCallback, slowCookie)).json()).toMatchObject({ code: 400, reason: 'ssoStateInvalid' });
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/%09/evil.example',
    'http://portal.example@evil.com',
  ])('replaces the open-redirect target %j by /', async (target) => {
    const user = await createPhoneUser(t, 'redir');
    const subject = `redir-${user.id.slice(0, 8)}`;
    const first = await signIn(subject, target);
    const bindPage = new URL(String(first.headers.location), 'http://portal.test');
    expect(bindPage.origin).toBe('http://portal.test');
    expect(bindPage.searchParams.get('redirect')).toBe('/');
    const bound = await bind({ ticket: bindPage.searchParams.get('ticket'), username: user.username, password: user.password });
    expect(bound.json()).toMatchObject({ result: { redirect: '/' } });
    expect((await signIn(subject, target)).headers.location).toBe('/');
  });

  it('links only by (issuer, subject): a subject equal to a local username is not that user', async () => {
    const user = await createPhoneUser(t, 'name');
    const response = await signIn(user.username);
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/^\/user\/login\?ticket=/);
    expect(cookieValue(response, 'Access-Token')).toBeUndefined();
    const rows = await t.db.select().from(externalIdentities);
    expect(rows.every((row) => row.issuer === DEV_SSO_PROVIDER.issuer)).toBe(true);
    expect(rows.map((row) => row.subject)).not.toContain(user.username);
  });

  it('refuses to bind a second subject to an account that already has one (409)', async () => {
    const user = await createPhoneUser(t, 'twice');
    const ticketOf = async (subject: string) =>
      new URL(String((await signIn(subject)).headers.location), 'http://portal.test').searchParams.get('ticket');
    expect(
      (await bind({ ticket: await ticketOf(`a-${user.id.slice(0, 6)}`), username: user.username, password: user.password })).statusCode,
    ).toBe(200);
    const again = await bind({ ticket: await ticketOf(`b-${user.id.slice(0, 6)}`), username: user.username, password: user.password });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'ssoAlreadyBound' });
  });

  it('a binding ticket expires after 10 minutes', async () => {
    const user = await createPhoneUser(t, 'late');
    const ticket = new URL(String((await signIn(`late-${user.id.slice(0, 6)}`)).headers.location), 'http://portal.test').searchParams.get(
      'ticket',
    );
    t.clock.advance(10 * 60_000 + 1);
    expect((await bind({ ticket, username: user.username, password: user.password })).json()).toMatchObject({
      code: 400,
      reason: 'ssoTicketInvalid',
    });
  });

  it('the development provider refuses a foreign redirect_uri, a wrong client secret and a forged code', async () => {
    const start = await get('/api/oauth/ywtbAuthLogin');
    const authorize = new URL(String(start.headers.location), 'http://portal.test');
    authorize.searchParams.set('redirect_uri', 'https://evil.example/cb');
    expect((await get(`${authorize.pathname}${authorize.search}`)).statusCode).toBe(400);
    const token = (headers: Record<string, string>, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev-sso/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      });
    const form = `grant_type=authorization_code&code=forged.code&redirect_uri=${encodeURIComponent(DEV_SSO_PROVIDER.redirectUri)}&code_verifier=${'v'.repeat(43)}`;
    expect(
      (await token({ authorization: `Basic ${Buffer.from(`${DEV_SSO_PROVIDER.clientId}:wrong`).toString('base64')}` }, form)).statusCode,
    ).toBe(401);
    expect(
      (await token({}, `${form}&client_id=${DEV_SSO_PROVIDER.clientId}&client_secret=${DEV_SSO_PROVIDER.clientSecret}`)).json(),
    ).toEqual({ error: 'invalid_grant' });
    // The form parser lives in the provider's plugin only: the portal's own routes still refuse forms.
    const portalForm = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b&code=2',
    });
    expect(portalForm.statusCode).toBe(415);
  });
});

describe('single sign-on without a provider', () => {
  it('answers 503 when no SSO_* is configured and the development provider is off (production)', async () => {
    const t = await createTestApp({ devSso: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev-sso/userinfo' })).statusCode).toBe(404);
      const response = await t.app.inject({ method: 'GET', url: '/api/oauth/ywtbAuthLogin' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ reason: 'ssoNotConfigured' });
    } finally {
      await t.close();
    }
  });
});

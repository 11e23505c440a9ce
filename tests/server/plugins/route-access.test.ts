import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRouteAccess } from '../../../src/server/plugins/route-access';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('deny by default', () => {
  it('refuses to register a route that declares no access', async () => {
    const app = Fastify();
    installRouteAccess(app, { authenticate: async () => undefined });
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/declares no config\.access/);
    expect(() => app.get('/api/typo', { config: { access: 'pubic' as 'public' } }, async () => 'open')).toThrow(/declares no config\.access/);
    await app.close();
  });

  it('refuses a route in a plugin at start-up too', async () => {
    const app = Fastify();
    installRouteAccess(app, { authenticate: async () => undefined });
    void app.register(async (child) => {
      child.post('/api/sneaky', async () => 'open');
    });
    await expect(app.ready()).rejects.toThrow(/POST \/api\/sneaky declares no config\.access/);
  });

  it('fails closed: a user route answers 401 when nobody is authenticated', async () => {
    const app = Fastify();
    installRouteAccess(app, { authenticate: async () => undefined });
    app.get('/api/private', { config: { access: 'user' } }, async () => 'secret');
    const response = await app.inject({ method: 'GET', url: '/api/private' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('secret');
    await app.close();
  });
});

describe('the route table of the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has every route declared, and exactly this reviewed list of public routes', () => {
    const list = t.app.routeAccessList;
    expect(list.length).toBeGreaterThan(0);
    const publicRoutes = list.filter((route) => route.access === 'public' && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
    // Changing this list is a security review (SECURITY R14).
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /*',
        'GET /api/health',
        'GET /api/schemas/forms/:name',
        'GET /api/schemas/activities',
        'GET /api/schemas/activities/:id',
        'GET /api/sys/form/data/getTime',
        'GET /api/sys/biz/queryDictByCode',
        'POST /api/sys/user/login',
        // The passport (ADR 0005): each is rate-limited and answers the same for known and unknown accounts.
        'POST /api/oauth/login',
        'GET /api/oauth/loginCode',
        'POST /api/oauth/sendSms',
        'POST /api/oauth/resetPassword',
        'POST /api/oauth/register',
        'GET /api/oauth/activate',
        'GET /api/oauth/ywtbAuthLogin',
        'GET /api/oauth/ywtbAuthLogin/callback',
        'POST /api/oauth/ywtbJxAuthLogin',
        // The development SSO provider: mounted here because NODE_ENV is test, never in production.
        'GET /api/dev-sso/authorize',
        'POST /api/dev-sso/token',
        'GET /api/dev-sso/userinfo',
      ].sort(),
    );
    const userRoutes = list.filter((route) => route.access === 'user' && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
    expect(userRoutes.sort()).toEqual(
      [
        'GET /api/integrity/app/user/settings/info',
        'GET /api/sys/person/message/loginCode',
        'POST /api/sys/person/message/create',
        'POST /api/sys/person/message/queryMyMessageList',
        'POST /api/sys/user/logout',
        'POST /api/oauth/logout',
        'PUT /api/sys/user/change-password',
        'POST /api/sys/app/user/settings/security',
        'GET /api/integrity/app/user/routes',
        'GET /api/integrity/app/user/unit/list',
        'POST /api/integrity/app/user/settings/unit',
        'GET /api/sys/form/data/query',
        'POST /api/sys/form/data/firstSaveFormData',
        'POST /api/sys/form/data/saveOrUpdate',
        'POST /api/sys/form/data/validateFormData',
        'POST /api/sys/form/data/validatorData',
        'POST /api/sys/form/data/submitData',
        'GET /api/sys/form/data/queryStatus',
        'GET /api/sys/form/data/termNameExists',
        'POST /api/sys/form/data/withdraw',
        'POST /api/sys/form/data/queryMyApplicationList',
        'POST /api/sys/form/data/queryApplicationList',
        'GET /api/sys/form/data/detail',
        'POST /api/sys/form/data/review',
        'POST /api/sys/form/data/attachment/upload',
        'GET /api/sys/form/data/attachment/:id',
        ...['enterprise', 'industry', 'project', 'term', 'description', 'attachment'].flatMap((resource) => [
          `GET /api/sys/form/data/${resource}/query`,
          `POST /api/sys/form/data/${resource}/saveOrUpdate`,
        ]),
      ].sort(),
    );
  });

  it('protects the HEAD twin of a user route as well', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/integrity/app/user/settings/info' });
    expect(response.statusCode).toBe(401);
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/server/lib/auth-user';
import { installErrorEnvelope } from '../../../src/server/plugins/error-envelope';
import { installRouteAccess, requiredPermission, type RouteAccess } from '../../../src/server/plugins/route-access';
import type { Permission } from '../../../src/shared/generated/permission';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser } from '../helpers/test-users';

function userWith(permissions: Permission[]): AuthUser {
  return {
    id: 'u1',
    username: 'u',
    fullname: 'U',
    headimgurl: '',
    role: 'custom',
    roles: [{ id: 'custom', name: '自定义', permissions }],
    permissions,
    frozen: false,
    mustChangePassword: false,
    passwordExpired: false,
    secondFactorPending: false,
    sessionTokenHash: 'h',
    session: { idleTimeoutMs: 900_000, expiresAt: new Date(0), idleRemainingMs: 900_000 },
  };
}

describe('deny by default', () => {
  it('refuses to register a route that declares no access', async () => {
    const app = Fastify();
    installRouteAccess(app, { authenticate: async () => undefined });
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/declares no config\.access/);
    expect(() => app.get('/api/typo', { config: { access: 'pubic' as 'public' } }, async () => 'open')).toThrow(
      /declares no config\.access/,
    );
    for (const access of [
      { permission: 'application' },
      { permission: 'application.view' },
      { permission: 'nosuch.query' },
      { permission: 'application.query', extra: true },
      {},
      null,
    ]) {
      expect(
        () => app.get(`/api/bad-${JSON.stringify(access)}`, { config: { access: access as RouteAccess } }, async () => 'open'),
        JSON.stringify(access),
      ).toThrow(/declares no config\.access/);
    }
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

  it("applies a route's live access in place of the declared one, with the same refusals, and closes on a bad one", async () => {
    const reader = userWith([{ permissionId: 'application', actionList: ['query'] }]);
    let now: unknown = 'public';
    let caller: AuthUser | undefined;
    const app = Fastify();
    installErrorEnvelope(app);
    installRouteAccess(app, { authenticate: async () => caller });
    app.get('/api/list', { config: { access: 'user', accessNow: () => now as RouteAccess } }, async () => 'rows');
    const status = async () => (await app.inject({ method: 'GET', url: '/api/list' })).statusCode;
    // Declared user, live public: anyone.
    expect(await status()).toBe(200);
    now = { permission: 'application.query' };
    expect(await status()).toBe(401);
    caller = userWith([]);
    expect(await status()).toBe(403);
    caller = reader;
    expect(await status()).toBe(200);
    for (const bad of [undefined, 'pubic', { permission: 'nosuch.query' }]) {
      now = bad;
      expect(await status(), JSON.stringify(bad)).toBe(403);
    }
    expect(app.routeAccessList.find((route) => route.url === '/api/list')).toMatchObject({ access: 'user', live: true });
    await app.close();
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

  it('limits a session whose password must be changed to the routes marked for it, whatever its permissions', async () => {
    const limited: AuthUser = { ...userWith([{ permissionId: 'application', actionList: ['update'] }]), mustChangePassword: true };
    const app = Fastify();
    installErrorEnvelope(app);
    installRouteAccess(app, { authenticate: async () => limited });
    app.get('/api/ordinary', { config: { access: 'user' } }, async () => 'ordinary');
    app.post('/api/decide', { config: { access: { permission: 'application.update' } } }, async () => 'decided');
    app.put('/api/change', { config: { access: 'user', beforePasswordChange: true } }, async () => 'changed');
    for (const [method, url] of [
      ['GET', '/api/ordinary'],
      ['POST', '/api/decide'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({
        code: 403,
        msg: 'Please change your password before continuing',
        reason: 'passwordChangeRequired',
      });
    }
    expect((await app.inject({ method: 'PUT', url: '/api/change', payload: {} })).body).toBe('changed');
    // The same session once the password is changed: every route as before.
    limited.mustChangePassword = false;
    expect((await app.inject({ method: 'GET', url: '/api/ordinary' })).body).toBe('ordinary');
    await app.close();
  });

  it('answers a permission route with 401 anonymous, 403 without the action, and runs it with the action', async () => {
    const callers = new Map<string, AuthUser>([
      ['reader', userWith([{ permissionId: 'application', actionList: ['query', 'get'] }])],
      ['decider', userWith([{ permissionId: 'application', actionList: ['update'] }])],
      ['other', userWith([{ permissionId: 'integrityLog', actionList: ['update'] }])],
    ]);
    const app = Fastify();
    installRouteAccess(app, { authenticate: async (request) => callers.get(String(request.headers['x-caller'])) });
    const seen: string[] = [];
    app.post('/api/decide', { config: { access: { permission: 'application.update' } } }, async (request) => {
      seen.push(request.user?.id ?? 'nobody');
      return 'decided';
    });
    const decide = (caller?: string) =>
      app.inject({ method: 'POST', url: '/api/decide', headers: caller ? { 'x-caller': caller } : {}, payload: {} });
    expect((await decide()).statusCode).toBe(401);
    for (const caller of ['reader', 'other']) {
      const response = await decide(caller);
      expect(response.statusCode, caller).toBe(403);
      expect(response.body).not.toContain('decided');
    }
    const allowed = await decide('decider');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toBe('decided');
    // The handler ran once: a refused caller never reaches it.
    expect(seen).toEqual(['u1']);
    await app.close();
  });

  it('refuses a permission route with the localised forbidden envelope in the built app', async () => {
    const t = await createTestApp();
    try {
      const applicant = await createLoggedInUser(t, 'noperm');
      for (const [language, msg] of [
        ['zh-CN', '没有足够的权限'],
        ['en-US', 'You do not have sufficient permission'],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/sys/form/data/queryApplicationList',
          headers: { ...applicant.auth, 'accept-language': language },
          payload: {},
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 403, msg });
      }
    } finally {
      await t.close();
    }
  });
});

describe('the route table of the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has every route declared, and exactly this reviewed list of public, user and permission routes', () => {
    const list = t.app.routeAccessList;
    expect(list.length).toBeGreaterThan(0);
    const publicRoutes = list
      .filter((route) => route.access === 'public' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    // Changing this list is a security review (SECURITY R14).
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /*',
        // OPTIONS on any path (issue 34): 204 with the methods the router has for it in Allow, or 404; no CORS grant,
        // no login, no database.
        'OPTIONS /*',
        // Aliases a studio publication added (ADR 0042): unknown paths are the same 404; a live alias is forwarded to its
        // own route, whose access, rate limit and checks then apply. Nothing is served by this route itself.
        'GET /api/*',
        'POST /api/*',
        // Lists a studio publication added (ADR 0042): route access applies the live list's own access (accessNow), so
        // a staff list is 401/403 as its static twin would be; an unknown list is 404.
        'POST /api/resources/:resource/lists/:list',
        // A summary a studio publication added (ADR 0049): the live list's access (accessNow); a list without one is 404.
        'POST /api/resources/:resource/lists/:list/summary',
        // A captcha or a masked field a studio publication added (ADR 0045): route access applies the live folder's
        // (user, or public where visitors create; <permission>.unmask); a folder without one is 404.
        'GET /api/resources/:resource/captcha',
        'GET /api/resources/:resource/records/:id/unmasked',
        // Record types created from the studio (ADR 0047): the live folder's access (accessNow); a folder that is not live is 404.
        'POST /api/resources/:resource/create',
        'POST /api/resources/:resource/update',
        'POST /api/resources/:resource/delete',
        'GET /api/resources/:resource/detail',
        'GET /api/resources/:resource/definition',
        // Rule matching a studio publication added (ADR 0051): public like every matching call (the rules are records
        // visitors may read, the answers are stored nowhere); a folder without matching now is 404.
        'GET /api/resources/:resource/rules',
        'GET /api/resources/:resource/rules/by-target',
        'POST /api/resources/:resource/match',
        'POST /api/resources/:resource/match/export',
        'GET /livez',
        'GET /readyz',
        'GET /api/health',
        // Browsers send CSP violation reports without a token (SECURITY R29): rate-limited, trimmed, capped, stored only.
        'POST /api/csp-report',
        'GET /api/schemas/forms/:name',
        'GET /api/schemas/activities',
        'GET /api/schemas/activities/:id',
        'GET /api/sys/form/data/getTime',
        'GET /api/sys/biz/queryDictByCode',
        'GET /api/integrity/app/dict/list',
        // The product's resource folders' definitions (what the list pages look like, no records).
        'GET /api/resources/application/definition',
        'GET /api/resources/audit-log/definition',
        'GET /api/resources/need/definition',
        // 需求大厅 (issue 30 item 6): approved needs, their visitor fields only; a 对接 request's form.
        'GET /api/resources/need/detail',
        'GET /api/sys/person/need/get',
        'POST /api/resources/need/lists/hall',
        'GET /api/resources/need-contact/definition',
        'GET /api/resources/invite/definition',
        'GET /api/resources/message/definition',
        'GET /api/resources/collection/definition',
        'GET /api/resources/business/definition',
        'GET /api/resources/check-in/definition',
        'GET /api/resources/credit/definition',
        'GET /api/resources/credit-fix/definition',
        // upload/token's link: the token in the query string is the credential (an <img src> sends no header).
        'GET /api/files/:key',
        // A file held by a record open to visitors (an article's images); anything else is 404.
        'GET /api/files/public/:id',
        'GET /api/resources/enterprise-auth/definition',
        'GET /api/resources/financing/definition',
        'GET /api/resources/organisation/definition',
        'GET /api/resources/user-org/definition',
        'GET /api/resources/sys-user/definition',
        'GET /api/resources/sys-role/definition',
        'GET /api/resources/message-delivery/definition',
        'GET /api/resources/catalog/definition',
        'GET /api/resources/article/definition',
        'GET /api/resources/interest/definition',
        'GET /api/resources/policy-advice/definition',
        'GET /api/resources/quote/definition',
        // Content for visitors (resource.json visitors, lists with audience public; issue 12): only
        // records in the folder's visitor states (enabled catalogs, published articles); the detail's
        // history only for insiders; a visitor's recommendations are the newest items.
        'GET /api/resources/catalog/detail',
        'POST /api/resources/catalog/lists/tree',
        'GET /api/sys/api/catalog/listTree',
        // The portal's search (issue 13; spec §6: no bearer token): public records and activities only; hot searches are keywords alone.
        'GET /api/sys/api/search',
        'GET /api/sys/api/article/hotSearch',
        // Answers quoted from the public policies (issue 13): nothing a visitor could not read anyway.
        'POST /api/sys/api/pub/chatQuery',
        // The incubators (issue 14): published ones, their totals by district, and the district map the portal ships.
        'GET /api/maps/:name',
        // The site's navigation (issue 30): each caller receives only the entries they may use.
        'GET /api/site/navigation',
        'GET /api/resources/incubator/definition',
        'GET /api/resources/incubator/detail',
        'POST /api/resources/incubator/lists/published',
        'POST /api/resources/incubator/lists/published/summary',
        'GET /api/sys/api/hatch/list',
        'POST /api/sys/api/hatch/list',
        'GET /api/sys/api/hatch/get',
        'GET /api/sys/api/hatch/getHatchTotal',
        'POST /api/sys/api/hatch/getHatchTotal',
        // The portal's third part (issue 14): published technologies, products, service providers and events,
        // and a visitor's sign-up and sign-in (anonymousCreate, with a captcha; the event's window and one per number).
        'GET /api/resources/technology/definition',
        'GET /api/resources/technology/detail',
        'POST /api/resources/technology/lists/published',
        'GET /api/sys/api/technology/list',
        'POST /api/sys/api/technology/list',
        'GET /api/resources/product/definition',
        'GET /api/resources/product/detail',
        'POST /api/resources/product/lists/published',
        'GET /api/sys/api/product/get',
        'GET /api/sys/api/product/queryProductList',
        'POST /api/sys/api/product/queryProductList',
        'GET /api/sys/api/product/queryProductPageList',
        'POST /api/sys/api/product/queryProductPageList',
        'GET /api/resources/service-org/definition',
        'GET /api/resources/service-org/detail',
        'POST /api/resources/service-org/lists/published',
        'GET /api/sys/api/product/queryServiceOrgList',
        'POST /api/sys/api/product/queryServiceOrgList',
        'GET /api/sys/api/sys_org/list',
        'POST /api/sys/api/sys_org/list',
        'GET /api/sys/api/sys_org/get',
        'GET /api/resources/showcase/definition',
        'GET /api/resources/showcase/detail',
        'POST /api/resources/showcase/lists/published',
        'POST /api/resources/showcase/lists/carousel',
        'POST /api/resources/showcase/lists/double',
        'POST /api/resources/showcase/lists/platforms',
        'GET /api/sys/api/present',
        'POST /api/sys/api/present',
        'GET /api/sys/api/platform',
        'POST /api/sys/api/platform',
        'GET /api/resources/financing-project/definition',
        'GET /api/resources/financing-project/detail',
        'POST /api/resources/financing-project/lists/published',
        'GET /api/resources/event/definition',
        'GET /api/resources/event/detail',
        'POST /api/resources/event/lists/published',
        'GET /api/resources/event-sign/captcha',
        'GET /api/resources/event-sign/definition',
        'POST /api/resources/event-sign/create',
        'POST /api/sys/api/person/activity_sign/create',
        'POST /api/sys/person/activity_sign/create',
        'GET /api/resources/event-signup/captcha',
        'GET /api/resources/event-signup/definition',
        'POST /api/resources/event-signup/create',
        // The policy proxy (issue 13): published rules of published policies, and the self-test, which stores nothing
        // (the engine's matching calls for resource.json matching, and their spec aliases).
        'GET /api/resources/policy-rule/definition',
        'GET /api/resources/policy-rule/detail',
        'POST /api/resources/policy-rule/lists/published',
        'GET /api/resources/policy-rule/rules',
        'GET /api/resources/policy-rule/rules/by-target',
        'POST /api/resources/policy-rule/match',
        'POST /api/resources/policy-rule/match/export',
        'GET /api/sys/api/article/policyResolve',
        'GET /api/sys/api/pub/policyResolveList',
        'POST /api/sys/api/pub/selfEvaluationQuery',
        'POST /api/sys/api/pub/exportTestResult',
        'GET /api/resources/article/detail',
        'POST /api/resources/article/lists/published',
        'POST /api/resources/article/lists/policies',
        'POST /api/resources/article/lists/policies/summary',
        'POST /api/resources/article/lists/recommended',
        'GET /api/sys/api/article/list',
        'POST /api/sys/api/article/list',
        'GET /api/sys/api/article/get',
        'GET /api/sys/api/article/listByCatalogId',
        'GET /api/sys/api/article/getPolicyMonth',
        'GET /api/sys/api/article/getPolicyOnOrEnd',
        'GET /api/sys/api/article/countMonthPolicy',
        'GET /api/sys/api/article/queryArticleByUserTag',
        // Where the folders place pages (/home/publish) and the account menu's lists: paths and titles only.
        'GET /api/resources/pages',
        // Publishing a need (resources/need, anonymousCreate): a visitor's demand behind the graphic
        // captcha, pending review; the captcha is rate-limited and single-use.
        'GET /api/resources/need/captcha',
        'POST /api/resources/need/create',
        'POST /api/sys/person/need/create',
        'POST /api/sys/api/pub/create',
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
    // Spec §6: the routes that check a permission, with the check. Changing this list is a security review too.
    const permissionRoutes = list
      .filter((route) => route.method !== 'HEAD' && requiredPermission(route.access))
      .map((route) => `${route.method} ${route.url} ${requiredPermission(route.access) ?? ''}`);
    expect(permissionRoutes.sort()).toEqual(
      [
        'POST /api/sys/form/data/queryApplicationList application.query',
        'GET /api/sys/form/data/detail application.get',
        'POST /api/sys/form/data/review application.update',
        // An application's personal fields in full, audited (ADR 0065).
        'GET /api/sys/form/data/detail/unmasked application.unmask',
        // 科研诚信 > 操作日志: the audit log, for the audit administrator alone (SECURITY R19, R32; ADR 0009, 0068), who also
        // verifies its hash chain. No route changes or deletes a row of it.
        'POST /api/integrity/app/audit/list integrityLog.query',
        'GET /api/integrity/app/audit/verify integrityLog.get',
        // 表单设计 (issue 17, ADR 0040): reading and checking schemas is query; publishing, rolling back, creating and retiring is update.
        'GET /api/studio/units schemaStudio.query',
        'GET /api/studio/unit schemaStudio.query',
        'POST /api/studio/check schemaStudio.query',
        'POST /api/studio/impact schemaStudio.query',
        'GET /api/studio/versions schemaStudio.query',
        'POST /api/studio/publish schemaStudio.update',
        'POST /api/studio/rollback schemaStudio.update',
        'POST /api/studio/create schemaStudio.update',
        'POST /api/studio/retire schemaStudio.update',
        // The same lists as list files (我的申报 is a user route below): 审核管理 and 操作日志.
        'POST /api/resources/application/lists/review application.query',
        'POST /api/resources/audit-log/lists/all integrityLog.query',
        'POST /api/resources/audit-log/lists/all/export integrityLog.export',
        // Needs under review (resources/need): the reviewers' list and decisions.
        // 内容管理 (issue 12): the content editors write catalogs and articles; publishing is the author's, taking down any editor's.
        'POST /api/resources/article/create article.add',
        'POST /api/resources/article/lists/all article.query',
        'POST /api/resources/article/transitions/unpublish article.update',
        'POST /api/resources/event/create event.add',
        'POST /api/resources/event/lists/all event.query',
        'POST /api/resources/event/transitions/unpublish event.update',
        'POST /api/resources/product/create product.add',
        'POST /api/resources/product/lists/all product.query',
        'POST /api/resources/product/transitions/unpublish product.update',
        'POST /api/resources/service-org/create serviceOrg.add',
        'POST /api/resources/service-org/lists/all serviceOrg.query',
        'POST /api/resources/service-org/transitions/unpublish serviceOrg.update',
        'POST /api/resources/technology/create technology.add',
        'POST /api/resources/technology/lists/all technology.query',
        'POST /api/resources/technology/transitions/unpublish technology.update',
        'POST /api/resources/event-sign/lists/all eventSign.query',
        'POST /api/resources/event-signup/lists/all eventSignup.query',
        'POST /api/resources/showcase/create showcase.add',
        'POST /api/resources/showcase/lists/all showcase.query',
        'POST /api/resources/showcase/transitions/unpublish showcase.update',
        'POST /api/resources/financing-project/create financingProject.add',
        'POST /api/resources/financing-project/lists/all financingProject.query',
        'POST /api/resources/financing-project/transitions/unpublish financingProject.update',
        'POST /api/resources/incubator/create incubator.add',
        'POST /api/resources/incubator/lists/all incubator.query',
        'POST /api/resources/incubator/transitions/unpublish incubator.update',
        'POST /api/resources/policy-rule/create policyRule.add',
        'POST /api/resources/policy-rule/lists/all policyRule.query',
        'POST /api/resources/policy-rule/transitions/unpublish policyRule.update',
        'POST /api/resources/catalog/create catalog.add',
        'POST /api/resources/catalog/lists/all catalog.query',
        'POST /api/resources/catalog/transitions/disable catalog.update',
        'POST /api/resources/catalog/transitions/enable catalog.update',
        // Policy advice and quotes (issue 12): staff answer them.
        'POST /api/resources/policy-advice/lists/all policyAdvice.query',
        'POST /api/resources/policy-advice/transitions/answer policyAdvice.update',
        'POST /api/resources/quote/lists/all quote.query',
        'POST /api/resources/quote/transitions/close quote.update',
        'POST /api/resources/quote/transitions/quote quote.update',
        'POST /api/resources/need/lists/review need.query',
        'POST /api/sys/person/need/queryNeedList need.query',
        'POST /api/resources/need/transitions/approve need.update',
        'POST /api/sys/person/need/auditNeed need.update',
        'POST /api/resources/need/transitions/reject need.update',
        // Invitations under review (resources/invite).
        'POST /api/resources/invite/lists/review invite.query',
        'POST /api/sys/person/invite/queryInviteList invite.query',
        'POST /api/resources/invite/transitions/approve invite.update',
        'POST /api/sys/person/invite/auditInvite invite.update',
        'POST /api/resources/invite/transitions/reject invite.update',
        // Answering the message board (resources/message, source messages).
        'POST /api/resources/message/lists/review message.query',
        'POST /api/resources/message/transitions/reply message.update',
        // Settle-in applications under review (resources/check-in): auditCheckIn decides among approve, return and reject.
        'POST /api/resources/check-in/lists/review checkIn.query',
        'POST /api/sys/person/check_in/queryCheckInList checkIn.query',
        'POST /api/resources/check-in/transitions/approve checkIn.update',
        'POST /api/resources/check-in/transitions/return checkIn.update',
        'POST /api/resources/check-in/transitions/reject checkIn.update',
        'POST /api/sys/person/check_in/auditCheckIn checkIn.update',
        // 信用信息 (resources/credit): only the integrity staff enter (createAction add) and list credit records.
        'POST /api/resources/credit/create integrityCredit.add',
        'POST /api/integrity/app/credit/info/save integrityCredit.add',
        'POST /api/resources/credit/lists/all integrityCredit.query',
        'POST /api/integrity/app/credit/info/list integrityCredit.query',
        'POST /api/resources/credit/transitions/revoke integrityCredit.update',
        // info/log: the audit log's rows about credit information (resources/audit-log, list credit-log).
        'POST /api/resources/audit-log/lists/credit-log integrityLog.query',
        'POST /api/integrity/app/credit/info/log integrityLog.query',
        'POST /api/integrity/app/info/log integrityLog.query',
        // Excel (issue 11): the import's template, check and all-or-nothing import need import; a list's export needs export.
        'GET /api/resources/credit/import/template integrityCredit.import',
        'POST /api/resources/credit/import/check integrityCredit.import',
        'POST /api/resources/credit/import integrityCredit.import',
        'POST /api/integrity/app/credit/info/import-excel integrityCredit.import',
        'POST /api/resources/credit/lists/all/export integrityCredit.export',
        'POST /api/resources/audit-log/lists/credit-log/export integrityLog.export',
        // 信用修复 (resources/credit-fix): the commission lists, exports and decides (audit/status, audit/back); fix/log is the audit log's rows about repairs.
        'POST /api/resources/credit-fix/lists/all integrityFix.query',
        'POST /api/integrity/app/credit/info/fix/list integrityFix.query',
        'POST /api/resources/credit-fix/lists/all/export integrityFix.export',
        'POST /api/resources/credit-fix/transitions/approve integrityFix.update',
        'POST /api/resources/credit-fix/transitions/back integrityFix.update',
        'POST /api/resources/credit-fix/transitions/reject integrityFix.update',
        'POST /api/integrity/app/audit/status integrityFix.update',
        'POST /api/integrity/app/audit/back integrityFix.update',
        'POST /api/integrity/app/credit/audit/status integrityFix.update',
        'POST /api/integrity/app/credit/audit/back integrityFix.update',
        'POST /api/resources/audit-log/lists/fix-log integrityLog.query',
        'POST /api/integrity/app/credit/fix/log integrityLog.query',
        'POST /api/integrity/app/fix/log integrityLog.query',
        'POST /api/resources/audit-log/lists/fix-log/export integrityLog.export',
        // SECURITY R35: a record's personal numbers (x-mask) in full, one PI_VIEW audit row per view; served on every masking folder.
        'GET /api/resources/credit/records/:id/unmasked integrityCredit.unmask',
        'GET /api/resources/credit-fix/records/:id/unmasked integrityFix.unmask',
        'GET /api/resources/event-sign/records/:id/unmasked eventSign.unmask',
        'GET /api/resources/event-signup/records/:id/unmasked eventSignup.unmask',
        // Masking everywhere for staff (issue 34 item 3, ADR 0065): the applicants' contact numbers of these folders.
        'GET /api/resources/check-in/records/:id/unmasked checkIn.unmask',
        'GET /api/resources/enterprise-auth/records/:id/unmasked enterpriseAuth.unmask',
        'GET /api/resources/financing/records/:id/unmasked financing.unmask',
        'GET /api/resources/invite/records/:id/unmasked invite.unmask',
        'GET /api/resources/need/records/:id/unmasked need.unmask',
        'GET /api/resources/policy-advice/records/:id/unmasked policyAdvice.unmask',
        'GET /api/resources/quote/records/:id/unmasked quote.unmask',
        // Enterprise verification under review (resources/enterprise-auth).
        'POST /api/resources/enterprise-auth/lists/review enterpriseAuth.query',
        'POST /api/resources/enterprise-auth/transitions/approve enterpriseAuth.update',
        'POST /api/resources/enterprise-auth/transitions/return enterpriseAuth.update',
        'POST /api/resources/enterprise-auth/transitions/reject enterpriseAuth.update',
        // Financing applications under review (resources/financing): person/apply/audit decides among approve, return and reject.
        'POST /api/resources/financing/lists/review financing.query',
        'POST /api/sys/person/apply/queryApplyList financing.query',
        'POST /api/resources/financing/transitions/approve financing.update',
        'POST /api/resources/financing/transitions/return financing.update',
        'POST /api/resources/financing/transitions/reject financing.update',
        'POST /api/sys/person/apply/audit financing.update',
        // 消息投递 (resources/message-delivery, ADR 0034): delivery state of SMS and mail, read-only.
        'POST /api/resources/message-delivery/lists/all messageDelivery.query',
        // 用户管理 and 角色管理 (resources/sys-user, sys-role; spec §6): grants are the system administrator's (update),
        // locks, freezes and ending sessions the security administrator's (enable, disable; ADR 0068).
        'POST /api/resources/sys-user/lists/all sysUser.query',
        'POST /api/resources/sys-user/transitions/endSessions sysUser.disable',
        'POST /api/resources/sys-user/transitions/unlock sysUser.enable',
        'POST /api/resources/sys-user/transitions/lock sysUser.disable',
        'POST /api/resources/sys-user/transitions/freeze sysUser.disable',
        'POST /api/resources/sys-user/transitions/unfreeze sysUser.enable',
        'POST /api/resources/sys-user/transitions/grantApplicant sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeApplicant sysUser.update',
        'POST /api/resources/sys-user/transitions/grantReviewer sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeReviewer sysUser.update',
        'POST /api/resources/sys-user/transitions/grantIntegrity sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeIntegrity sysUser.update',
        'POST /api/resources/sys-user/transitions/grantAdmin sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeAdmin sysUser.update',
        'POST /api/resources/sys-user/transitions/grantSecurityAdmin sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeSecurityAdmin sysUser.update',
        'POST /api/resources/sys-user/transitions/grantAuditAdmin sysUser.update',
        'POST /api/resources/sys-user/transitions/revokeAuditAdmin sysUser.update',
        // 用户管理's new account and password reset (SECURITY R07): the owner changes the password at the next login;
        // ending every session but one's own, and one account's (endSessions above), needs sysUser.disable (R11).
        'POST /api/sys/user/add sysUser.add',
        'POST /api/sys/user/end-all-sessions sysUser.disable',
        'PUT /api/sys/user/reset-password sysUser.update',
        // SECURITY R06 (ADR 0067): an administrator clears another's authenticator; its sessions end, the owner enrols again.
        'POST /api/sys/user/mfa/clear sysUser.update',
        'POST /api/resources/sys-role/lists/all sysRole.query',
        'GET /api/sys/permission/queryPermissionList sysRole.query',
        'GET /api/sys/role/queryRoleMenu sysRole.query',
      ].sort(),
    );
    const userRoutes = list
      .filter((route) => route.access === 'user' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(userRoutes.sort()).toEqual(
      [
        'GET /api/integrity/app/user/settings/info',
        'GET /api/sys/person/message/loginCode',
        'POST /api/sys/person/message/create',
        'POST /api/sys/person/message/queryMyMessageList',
        // 消息中心 (issue 31 item 4): the caller's own notices; the queries are bound to the caller.
        'POST /api/notifications/list',
        'GET /api/notifications/unread-count',
        'POST /api/notifications/read',
        'POST /api/notifications/read-all',
        'POST /api/sys/user/logout',
        'POST /api/oauth/logout',
        'PUT /api/sys/user/change-password',
        // The second factor (SECURITY R06, ADR 0067): the caller's own authenticator, status, enrolment and reset.
        'GET /api/sys/user/mfa',
        'POST /api/sys/user/mfa/verify',
        'POST /api/sys/user/mfa/sms',
        'POST /api/sys/user/mfa/enrolment',
        'POST /api/sys/user/mfa/enrolment/confirm',
        'POST /api/sys/user/mfa/reset',
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
        'POST /api/resources/application/lists/mine',
        // The owner withdraws through the list's row action; the applications module checks ownership and the window.
        'POST /api/resources/application/transitions/withdraw',
        // Transitions a studio publication added (ADR 0044), and those of folders created later: route access applies the
        // live transition's own access (accessNow), so a reviewer's needs its permission; an unknown one is 404.
        'POST /api/resources/:resource/transitions/:transition',
        // An export a studio publication added (ADR 0049): <permission>.export of the live folder (accessNow); a list without one is 404.
        'POST /api/resources/:resource/lists/:list/export',
        // An import a studio publication added, or a created record type's (ADR 0050): <permission>.import of the live
        // folder (accessNow); a folder without import is 404. Multipart is parsed in the import plugin only.
        'GET /api/resources/:resource/import/template',
        'POST /api/resources/:resource/import/check',
        'POST /api/resources/:resource/import',
        'POST /api/sys/form/data/attachment/upload',
        // Owner or application.get, checked in the handler: a stranger gets the same 404 as for a missing file.
        'GET /api/sys/form/data/attachment/:id',
        // A need's owner: their list, detail, update, delete, recall and resubmit (ownership checked in the engine).
        'POST /api/resources/need/lists/mine',
        'POST /api/sys/person/need/queryMyNeedList',
        'POST /api/resources/need/update',
        'POST /api/sys/person/need/update',
        'POST /api/resources/need/delete',
        'POST /api/sys/person/need/delete',
        'POST /api/resources/need/transitions/recall',
        'GET /api/sys/person/need/recallNeed',
        'POST /api/resources/need/transitions/submit',
        // A 对接 request (issue 30 item 6): its sender's own, and the need owner's received list (scope targetOwner,
        // filtered by ownership in SQL); update and delete meet no editable state and answer 409.
        'POST /api/resources/need-contact/create',
        'POST /api/resources/need-contact/lists/mine',
        'POST /api/resources/need-contact/lists/received',
        'GET /api/resources/need-contact/detail',
        'POST /api/resources/need-contact/update',
        'POST /api/resources/need-contact/delete',
        'POST /api/resources/need-contact/transitions/withdraw',
        'POST /api/resources/need-contact/transitions/resend',
        // An invitation's owner (ownership checked in the engine).
        'POST /api/resources/invite/create',
        'POST /api/sys/person/invite/create',
        'POST /api/resources/invite/lists/mine',
        'POST /api/sys/person/invite/queryMyInviteList',
        'GET /api/resources/invite/detail',
        'GET /api/sys/person/invite/detail',
        'POST /api/resources/invite/update',
        'POST /api/sys/person/invite/update',
        'POST /api/resources/invite/delete',
        'POST /api/sys/person/invite/delete',
        'POST /api/resources/invite/transitions/submit',
        'POST /api/resources/invite/transitions/recall',
        'POST /api/sys/person/invite/recallInvite',
        // A guest's side (resources/invite addressees): the invitations addressed to their number, and accepting one.
        'POST /api/resources/invite/lists/invited',
        'POST /api/sys/person/invite/queryGzMyInviteList',
        'GET /api/sys/person/invite/gzDetail',
        'POST /api/resources/invite/transitions/accept',
        'GET /api/sys/person/invite/accept',
        // 我的留言 as a list file; 我的收藏 (private to its owner).
        'POST /api/resources/message/lists/mine',
        // 内容管理: an editor's own drafts (the route checks the owner), and a user's chosen topics (interest, spec pub tag).
        'POST /api/resources/article/delete',
        'POST /api/resources/article/lists/mine',
        'POST /api/resources/article/transitions/publish',
        'POST /api/resources/article/update',
        'POST /api/resources/event/delete',
        'POST /api/resources/event/transitions/publish',
        'POST /api/resources/event/update',
        'POST /api/resources/product/delete',
        'POST /api/resources/product/transitions/publish',
        'POST /api/resources/product/update',
        'POST /api/resources/service-org/delete',
        'POST /api/resources/service-org/transitions/publish',
        'POST /api/resources/service-org/update',
        'POST /api/resources/technology/delete',
        'POST /api/resources/technology/transitions/publish',
        'POST /api/resources/technology/update',
        // A logged-in visitor's own sign-up or sign-in (the route checks the owner; a visitor's has none).
        'GET /api/resources/event-sign/detail',
        'POST /api/resources/event-sign/delete',
        'POST /api/resources/event-sign/update',
        'GET /api/resources/event-signup/detail',
        'POST /api/resources/event-signup/delete',
        'POST /api/resources/event-signup/update',
        'POST /api/resources/showcase/delete',
        'POST /api/resources/showcase/transitions/publish',
        'POST /api/resources/showcase/update',
        'POST /api/resources/financing-project/delete',
        'POST /api/resources/financing-project/transitions/publish',
        'POST /api/resources/financing-project/update',
        'POST /api/resources/incubator/delete',
        'POST /api/resources/incubator/transitions/publish',
        'POST /api/resources/incubator/update',
        'POST /api/resources/policy-rule/delete',
        'POST /api/resources/policy-rule/transitions/publish',
        'POST /api/resources/policy-rule/update',
        'POST /api/resources/catalog/delete',
        'POST /api/resources/catalog/update',
        'GET /api/resources/interest/detail',
        'POST /api/resources/interest/create',
        'POST /api/resources/interest/delete',
        'POST /api/resources/interest/lists/mine',
        'POST /api/resources/interest/update',
        'GET /api/sys/api/pub/tag/mine',
        'POST /api/sys/api/pub/tag/save',
        'POST /api/sys/api/pub/tag/update',
        'GET /api/resources/policy-advice/detail',
        'POST /api/resources/policy-advice/create',
        'POST /api/resources/policy-advice/delete',
        'POST /api/resources/policy-advice/lists/mine',
        'POST /api/resources/policy-advice/update',
        'GET /api/resources/quote/detail',
        'POST /api/resources/quote/create',
        'POST /api/resources/quote/delete',
        'POST /api/resources/quote/lists/mine',
        'POST /api/resources/quote/update',
        'POST /api/resources/collection/create',
        'POST /api/resources/collection/lists/mine',
        // Whether the caller has saved an article already (the 收藏 button), by its page path.
        'POST /api/resources/collection/lists/saved',
        'GET /api/resources/collection/detail',
        'POST /api/resources/collection/update',
        'POST /api/resources/collection/delete',
        // A settle-in application's owner (ownership checked in the engine).
        'POST /api/resources/check-in/create',
        'POST /api/sys/person/check_in/create',
        'POST /api/resources/check-in/update',
        'POST /api/sys/person/check_in/update',
        'POST /api/resources/check-in/delete',
        'GET /api/resources/check-in/detail',
        'GET /api/sys/person/check_in/detail',
        'POST /api/resources/check-in/lists/mine',
        'POST /api/sys/person/check_in/queryMyCheckInList',
        'POST /api/resources/check-in/transitions/submit',
        'POST /api/resources/check-in/transitions/recall',
        'POST /api/sys/person/check_in/recallCheckIn',
        // 业务管理 (resources/business): the caller's own records of every folder, read-only.
        'POST /api/resources/business/lists/mine',
        // 信用信息 (resources/credit): the officer who entered a record changes and publishes it; the detail needs ownership or integrityCredit.get (the handler checks).
        'GET /api/resources/credit/detail',
        'GET /api/integrity/app/credit/info/detail',
        'GET /api/integrity/app/credit/detail',
        'POST /api/resources/credit/update',
        'POST /api/integrity/app/credit/info/update',
        'POST /api/resources/credit/delete',
        'POST /api/resources/credit/transitions/publish',
        // 信用修复: any user applies for their unit (the handler checks ownership); the unit's administrator audits first (orgAdmin, checked by the handler).
        'POST /api/resources/credit-fix/create',
        'POST /api/integrity/app/credit/fix',
        'POST /api/integrity/app/common/fix',
        'POST /api/integrity/app/credit/common/fix',
        'POST /api/resources/credit-fix/update',
        'POST /api/integrity/app/credit/fix/update',
        'POST /api/integrity/app/common/fix/update',
        'POST /api/integrity/app/credit/common/fix/update',
        'POST /api/resources/credit-fix/delete',
        'GET /api/resources/credit-fix/detail',
        'GET /api/integrity/app/credit/fix/detail',
        'GET /api/integrity/app/common/fix/detail',
        'GET /api/integrity/app/common/detail',
        'GET /api/integrity/app/credit/common/fix/detail',
        'GET /api/integrity/app/credit/common/detail',
        'POST /api/resources/credit-fix/lists/mine',
        'POST /api/integrity/app/credit/info/fix/common/list',
        'POST /api/resources/credit-fix/lists/unit',
        'POST /api/resources/credit-fix/transitions/submit',
        'POST /api/resources/credit-fix/transitions/unitApprove',
        'POST /api/resources/credit-fix/transitions/unitReturn',
        // Enterprise verification (resources/enterprise-auth): the applicant's own requests.
        'POST /api/resources/enterprise-auth/create',
        'POST /api/resources/enterprise-auth/update',
        'POST /api/resources/enterprise-auth/delete',
        'GET /api/resources/enterprise-auth/detail',
        'POST /api/resources/enterprise-auth/lists/mine',
        'POST /api/resources/enterprise-auth/transitions/submit',
        'POST /api/resources/enterprise-auth/transitions/recall',
        // Financing applications (resources/financing): the applicant's own, three lists by kind.
        'POST /api/resources/financing/create',
        'POST /api/sys/person/apply/create',
        'POST /api/resources/financing/update',
        'POST /api/sys/person/apply/update',
        'POST /api/resources/financing/delete',
        'GET /api/resources/financing/detail',
        'GET /api/sys/person/apply/detail',
        'POST /api/resources/financing/lists/financing',
        'POST /api/sys/person/apply/queryMyFinancingList',
        'POST /api/resources/financing/lists/invest',
        'POST /api/sys/person/apply/queryMyInvestList',
        'POST /api/resources/financing/lists/loan',
        'POST /api/sys/person/apply/queryMyLoanList',
        'POST /api/resources/financing/transitions/submit',
        'POST /api/resources/financing/transitions/recall',
        'POST /api/sys/person/apply/recall',
        // Membership requests (resources/user-org): any user asks; the organisation's administrator decides, which the handler checks (orgAdmin).
        'POST /api/resources/user-org/create',
        'POST /api/sys/userOrg/addUserOrg',
        'POST /api/resources/user-org/update',
        'POST /api/sys/userOrg/updateUserOrg',
        'POST /api/resources/user-org/delete',
        'GET /api/sys/userOrg/deleteUserOrg',
        'GET /api/resources/user-org/detail',
        'POST /api/resources/user-org/lists/mine',
        'GET /api/sys/userOrg/queryOrgByUserId',
        'POST /api/resources/user-org/lists/members',
        'GET /api/sys/userOrg/queryUserByOrgId',
        'POST /api/resources/user-org/transitions/recall',
        'GET /api/sys/userOrg/recallUserOrg',
        // 工作台 (issue 31): every logged-in user's own queues, counted as their lists count them.
        'GET /api/workbench',
        // 统计看板 (issue 31 item 3): the dashboards with a widget the caller may read, and their figures.
        'GET /api/dashboards',
        'GET /api/dashboards/:name',
        'POST /api/resources/user-org/transitions/resubmit',
        'POST /api/resources/user-org/transitions/leave',
        'POST /api/resources/user-org/transitions/approve',
        'POST /api/resources/user-org/transitions/reject',
        'POST /api/sys/userOrg/auditUserOrg',
        'POST /api/resources/user-org/transitions/remove',
        // The directory of settled organisations (resources/organisation, audience user): names and member counts only.
        'POST /api/resources/organisation/lists/directory',
        'POST /api/sys/userOrg/queryOrgByOrgName',
        'GET /api/integrity/app/common/allUnits',
        // spec unit: the caller's own units (source units, list mine), whether they administer each.
        'POST /api/resources/organisation/lists/mine',
        // upload/token: a file link for whoever may download the attachment (the handler checks).
        'GET /api/integrity/app/upload/token',
        'GET /api/integrity/app/unit',
        // An account's detail (resources/sys-user): the users source answers 404 without sysUser.get.
        'GET /api/resources/sys-user/detail',
        ...['enterprise', 'industry', 'project', 'term', 'description', 'attachment'].flatMap((resource) => [
          `GET /api/sys/form/data/${resource}/query`,
          `POST /api/sys/form/data/${resource}/saveOrUpdate`,
        ]),
      ].sort(),
    );
  });

  it('lets a session that must change its password call exactly these routes (SECURITY R07)', () => {
    const allowed = t.app.routeAccessList
      .filter((route) => route.beforePasswordChange && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${JSON.stringify(route.access)}`);
    // Changing this list is a security review: each entry is open to a password someone else knows.
    expect(allowed.sort()).toEqual(
      [
        'GET /api/integrity/app/user/settings/info "user"',
        'PUT /api/sys/user/change-password "user"',
        'POST /api/sys/user/logout "user"',
        'POST /api/oauth/logout "user"',
      ].sort(),
    );
  });

  it('lets a session that still owes its second factor call exactly these routes (SECURITY R06)', () => {
    const allowed = t.app.routeAccessList
      .filter((route) => route.beforeSecondFactor && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${JSON.stringify(route.access)}`);
    // Changing this list is a security review: each entry is open to whoever holds the password alone.
    expect(allowed.sort()).toEqual(
      [
        'GET /api/sys/user/mfa "user"',
        'POST /api/sys/user/mfa/verify "user"',
        'POST /api/sys/user/mfa/sms "user"',
        'POST /api/sys/user/mfa/enrolment "user"',
        'POST /api/sys/user/mfa/enrolment/confirm "user"',
        'POST /api/sys/user/logout "user"',
        'POST /api/oauth/logout "user"',
      ].sort(),
    );
  });

  it('protects the HEAD twin of a user route as well', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/integrity/app/user/settings/info' });
    expect(response.statusCode).toBe(401);
  });
});

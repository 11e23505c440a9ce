import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '../../../../src/shared/permissions/has-permission';
import { catalogueWithResourceGrants } from '../../../../src/server/modules/role/catalogue-with-resource-grants';
import type { RouteAccess } from '../../../../src/server/plugins/route-access';
import type { TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { TEST_CAPTCHA } from '../../helpers/test-app';
import {
  bookingData,
  collectionData,
  createResourceTestApp,
  creditRecordData,
  demandData,
  financingData,
  inviteData,
  needData,
  unitReportData,
} from '../../helpers/resource-fixtures';
import { linkUserUnit, selectUserUnit } from '../../../../src/server/services/users/user-units';

/**
 * Every generic route of every resource folder (and every alias of one) × every built-in role and
 * anonymous, generated from the folders and the role catalogue: anonymous gets 401 wherever a
 * session is needed, a role without the permission 403, and everyone else gets through route access.
 */
let t: TestApp;
const users = new Map<string, TestUser | undefined>();
let routes: { method: string; url: string; access: RouteAccess; resource: string }[] = [];
let catalogue: ReturnType<typeof catalogueWithResourceGrants> = [];
/** The spec's list calls (aliases of a list file), whatever their names: queryOrgByUserId is one. */
let listAliases = new Set<string>();

beforeAll(async () => {
  t = await createResourceTestApp();
  catalogue = catalogueWithResourceGrants(t.app.resources.list());
  users.set('anonymous', undefined);
  for (const role of catalogue) {
    const user = await createLoggedInUser(t, `m${role.id}`, role.id);
    // An organisation's record is created in the caller's current unit.
    await selectUserUnit(t.db, user.id, await linkUserUnit(t.db, user.id, '测试科技有限公司'));
    users.set(role.id, user);
  }
  // An article names an enabled catalog (resource.json target).
  const catalog = await t.app.inject({
    method: 'POST',
    url: '/api/resources/catalog/create',
    headers: users.get('editor')?.auth ?? {},
    payload: { name: '通知公告', code: 'notice', kind: 'notice', sort: 1 },
  });
  expect(catalog.statusCode).toBe(200);
  // A policy rule names a published policy (resource.json target).
  const editorAuth = users.get('editor')?.auth ?? {};
  const policy = await t.app.inject({
    method: 'POST',
    url: '/api/resources/article/create',
    headers: editorAuth,
    payload: { ...CREATE_DATA['article']?.(), title: MATRIX_POLICY },
  });
  expect(policy.statusCode, policy.body).toBe(200);
  const { id, version } = (policy.json() as { data: { id: string; version: number } }).data;
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/resources/article/transitions/publish',
        headers: editorAuth,
        payload: { id, version },
      })
    ).statusCode,
  ).toBe(200);
  // A sign-in names an event on now, a sign-up one to come (resource.json target window).
  for (const [when, starts] of [
    ['now', -3_600_000],
    ['coming', 2 * 86_400_000],
  ] as const) {
    const start = t.clock.now().getTime() + starts;
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/resources/event/create',
      headers: editorAuth,
      payload: {
        ...CREATE_DATA['event']?.(),
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 6 * 3_600_000).toISOString(),
      },
    });
    expect(event.statusCode, event.body).toBe(200);
    const created = (event.json() as { data: { id: string; version: number } }).data;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/resources/event/transitions/publish',
          headers: editorAuth,
          payload: { id: created.id, version: created.version },
        })
      ).statusCode,
    ).toBe(200);
    matrixEvents[when] = created.id;
  }
  // A 对接 request names a published need (resource.json target): one of the applicant's, approved by the reviewer.
  const applicantAuth = users.get('applicant')?.auth ?? {};
  await t.app.inject({ method: 'GET', url: '/api/resources/need/captcha', headers: applicantAuth });
  const need = await t.app.inject({
    method: 'POST',
    url: '/api/resources/need/create',
    headers: applicantAuth,
    payload: needData({ code: TEST_CAPTCHA }),
  });
  expect(need.statusCode, need.body).toBe(200);
  const posted = (need.json() as { data: { id: string; version: number; data: { needTitle: string } } }).data;
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/resources/need/transitions/approve',
    headers: users.get('reviewer')?.auth ?? {},
    payload: { id: posted.id, version: posted.version },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  matrixNeed = { id: posted.id, title: posted.data.needTitle };
  listAliases = new Set(
    t.app.resources
      .list()
      .flatMap((resource) =>
        (resource.resource.aliases ?? []).filter((alias) => alias.action === 'list').map((alias) => `/api${alias.path}`),
      ),
  );
  const aliases = new Map<string, string>(
    t.app.resources
      .list()
      .flatMap((resource) =>
        (resource.resource.aliases ?? []).map((alias) => [`${alias.method} /api${alias.path}`, resource.name] as const),
      ),
  );
  routes = t.app.routeAccessList.flatMap((route) => {
    const own = /^\/api\/resources\/([^/]+)\//.exec(route.url)?.[1];
    // Spec §6's role and permission queries read what 角色管理 (resources/sys-role) lists.
    const roleQuery = /^\/api\/sys\/(permission|role)\//.test(route.url) ? 'sys-role' : undefined;
    const resource = own ?? aliases.get(`${route.method} ${route.url}`) ?? roleQuery;
    // The route of lists a publication adds (ADR 0042) names no folder: live-lists-and-aliases.test.ts calls it with the live list's access.
    return resource && resource !== ':resource' && route.method !== 'HEAD' ? [{ ...route, resource }] : [];
  });
});
afterAll(async () => t.close());

function want(access: RouteAccess, role: string): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (access === 'user') return 'allowed';
  const permissions = catalogue.find((entry) => entry.id === role)?.permissions ?? [];
  return hasPermission(permissions, access.permission) ? 'allowed' : 403;
}

/** Folders whose records require an uploaded file (a credit repair also another folder's record), which a generic create cannot have. */
const NEEDS_A_FILE = new Set(['check-in', 'enterprise-auth', 'credit-fix']);

/** A good record of each folder, for its create routes. */
const CREATE_DATA: Record<string, () => Record<string, unknown>> = {
  'tech-demand': () => demandData({ code: TEST_CAPTCHA }),
  need: () => needData({ code: TEST_CAPTCHA }),
  'unit-report': () => unitReportData(),
  invite: () => inviteData(),
  collection: () => collectionData(),
  financing: () => financingData(),
  // Within every caller's jurisdiction (their unit, beforeAll), so a unit's officer creates it too; tests/server/resources/credit-jurisdiction.test.ts crosses units.
  credit: () => creditRecordData({ responsibleUnit: '测试科技有限公司' }),
  // Every caller's unit (beforeAll): a settled organisation to ask to join.
  'user-org': () => ({ orgName: '测试科技有限公司', department: '研发部', position: '工程师' }),
  article: () => ({
    title: '关于开展科技创新券申领工作的通知',
    catalogName: '通知公告',
    kind: 'notice',
    source: '江城市科学技术委员会',
    publishDate: '2026-10-12',
    body: '<p>通知正文</p>',
  }),
  incubator: () => ({
    name: '江城矩阵测试科技企业孵化器',
    district: 'dh',
    kind: 'incubator',
    level: 'municipal',
    address: '江城市东湖大道1号',
    operator: '江城矩阵科技发展有限公司',
    tenants: 12,
    area: 3000,
    intro: '用于授权矩阵测试的孵化载体，提供场地和创业辅导服务。',
  }),
  technology: () => ({
    name: '矩阵测试用高导热复合材料',
    techField: '04',
    holder: '江城矩阵测试大学',
    maturity: 'pilot',
    transfer: 'license',
    intro: '用于授权矩阵测试的科技成果，导热系数高并兼具绝缘性能。',
  }),
  product: () => ({
    name: '矩阵测试科创贷',
    institution: '江城矩阵测试银行',
    productType: 'credit-loan',
    guarantee: 'credit',
    maxAmount: 500,
    termMonths: 36,
    rate: '年化3.5%起',
    audience: '本市科技型中小企业',
    intro: '用于授权矩阵测试的金融产品，纯信用、线上申请、随借随还。',
  }),
  showcase: () => ({
    title: '矩阵测试：高精度光纤陀螺实现批量生产',
    category: 'achievement',
    org: '江城矩阵测试大学',
    summary: '用于授权矩阵测试的成果展示内容。',
    publishDate: '2026-11-01',
  }),
  'financing-project': () => ({
    name: '矩阵测试毫米波雷达芯片研发项目',
    company: '江城矩阵测试科技有限公司',
    techField: '01',
    round: 'a',
    amount: 3000,
    highlights: '用于授权矩阵测试的融资项目亮点。',
  }),
  'service-org': () => ({
    name: '江城矩阵测试检测有限公司',
    serviceType: 'testing',
    district: 'gx',
    address: '江城市高新大道1号',
    services: '电子产品检测',
    intro: '用于授权矩阵测试的服务机构，提供检验检测服务。',
  }),
  event: () => ({
    title: '矩阵测试政策宣讲会',
    kind: 'lecture',
    host: '江城市科学技术委员会',
    district: 'gx',
    address: '江城市高新大道1号报告厅',
    startsAt: '2027-01-10T02:00:00.000Z',
    endsAt: '2027-01-10T05:00:00.000Z',
    capacity: 100,
    intro: '用于授权矩阵测试的活动，讲解政策并现场答疑。',
  }),
  // One request per need and number (resource.json unique): a new number for every caller.
  'need-contact': () => ({
    needId: matrixNeed.id,
    needTitle: matrixNeed.title,
    message: '用于授权矩阵测试的对接请求，说明可提供的技术与合作方式。',
    org: '江城矩阵测试大学',
    contactName: '韩梅',
    contactPhone: nextPhone(),
  }),
  // One sign-in or sign-up per number (resource.json unique): a new number for every caller.
  'event-sign': () => ({ eventId: matrixEvents['now'], name: '韩梅', phone: nextPhone(), code: TEST_CAPTCHA }),
  'event-signup': () => ({ eventId: matrixEvents['coming'], name: '韩梅', phone: nextPhone(), code: TEST_CAPTCHA }),
  'policy-rule': () => ({
    policyTitle: MATRIX_POLICY,
    qualifies: '本市科技型中小企业',
    support: '创新券支持',
    conditions: [{ question: 'isTechSme', operator: 'isTrue' }],
  }),
  // Names and codes are unique (x-unique): a new one for every caller.
  catalog: () => {
    catalogs += 1;
    return { name: `测试栏目${catalogs}`, code: `matrix-${catalogs}`, kind: 'news', sort: catalogs };
  },
  interest: () => ({ tags: ['ip'] }),
  // Spec §2's two form pages (issue 12).
  'policy-advice': () => ({
    company: '晴川新能源科技有限公司',
    contactName: '刘洋',
    contactPhone: '13500002222',
    topic: 'rnd',
    question: '委托研发费用能否按实际发生额计入加计扣除基数？',
    phoneReply: true,
  }),
  quote: () => ({
    serviceType: 'testing',
    subject: '光伏组件隐裂检测',
    description: '对200块光伏组件做电致发光隐裂检测并出具检测报告。',
    quantity: 200,
    budget: 3.5,
    expectedDate: '2027-03-31',
    contactName: '刘洋',
    contactPhone: '13500002222',
  }),
};
let catalogs = 0;
const matrixEvents: Record<string, string> = {};
let matrixNeed = { id: '', title: '' };
let phones = 0;
const nextPhone = (): string => `1390000${String((phones += 1)).padStart(4, '0')}`;
const MATRIX_POLICY = '江城市科技创新券管理办法';

const isList = (url: string): boolean => /\/lists\/|List$/.test(url) || listAliases.has(url);

/** A well-formed input for the route, so an allowed call is judged by the handler, not the schema. */
function inputFor(url: string, resource: string): Record<string, unknown> {
  if (url.endsWith('/create')) return (CREATE_DATA[resource] ?? bookingData)();
  if (url.endsWith('/update')) return { id: randomUUID(), version: 1, data: bookingData() };
  if (isList(url)) return {};
  return { id: randomUUID(), version: 1 };
}

describe('the authorization matrix of the resource routes', () => {
  it('covers every generic route and alias of every folder for every role and anonymous', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(11 + 6 + 6 + 1);
    const results: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const [role, user] of users) {
        const input = inputFor(route.url, route.resource);
        const headers: Record<string, string> = { ...user?.auth };
        if (route.url.endsWith('/create') && t.app.resources.get(route.resource)?.captchaField && want(route.access, role) === 'allowed') {
          // A record with a captcha: fetch one as this caller first, as the form would.
          const captcha = await t.app.inject({ method: 'GET', url: `/api/resources/${route.resource}/captcha`, headers });
          const captchaId = captcha.json<{ data: { captchaId?: string } }>().data.captchaId;
          if (captchaId) headers['x-captcha-id'] = captchaId;
        }
        // A record in the path (the unmasked view, SECURITY R35): an unknown one, so an allowed call is the handler's 404.
        const inPath = route.url.includes(':id');
        const url = inPath ? route.url.replace(':id', String(input['id'] ?? randomUUID())) : route.url;
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url:
            route.method === 'GET' && !inPath
              ? `${url}?${new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]))}`
              : url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: input }),
        });
        const expected = want(route.access, role);
        const label = `${route.method} ${route.url} as ${role}`;
        if (expected === 'allowed') {
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
          // A list or a create with good input is a plain 200 (a record that needs an uploaded file is a 400
          // here: tests/server/resources covers it); a record route on an unknown id is the handler's 404.
          if (isList(route.url) || (/create$/.test(route.url) && !NEEDS_A_FILE.has(route.resource)))
            expect(response.statusCode, label).toBe(200);
          if (inPath) expect(response.statusCode, label).toBe(404);
        } else {
          expect(response.statusCode, label).toBe(expected);
        }
        results.push(`${label}: ${response.statusCode}`);
        checked += 1;
      }
    }
    console.info(
      `resource authorization matrix: ${routes.length} routes × ${users.size} callers = ${checked} calls\n${results.join('\n')}`,
    );
    expect(checked).toBe(routes.length * users.size);
    // Some 4,200 calls: ≈ 20 s alone, several times that beside the e2e suite on a loaded two-core machine.
  }, 300_000);
});

/**
 * 三权分立 (SECURITY R19, ADR 0068), pair by pair on real calls: the audit administrator reads, exports and
 * verifies the log and changes nothing; the system administrator may not read it; the security
 * administrator neither reads it nor any business data. The matrix above holds the same for every route.
 */
describe('the three separated administrators (三权分立)', () => {
  type Method = 'GET' | 'POST' | 'PUT';
  const send = async (role: string, method: Method, url: string, payload?: Record<string, unknown>) => {
    const response = await t.app.inject({
      method,
      url,
      headers: users.get(role)?.auth ?? {},
      ...(payload === undefined ? {} : { payload }),
    });
    return response.statusCode;
  };
  const LOG_READS: [Method, string, Record<string, unknown>?][] = [
    ['POST', '/api/integrity/app/audit/list', {}],
    ['POST', '/api/resources/audit-log/lists/all', {}],
    ['POST', '/api/resources/audit-log/lists/all/export', {}],
    ['POST', '/api/resources/audit-log/lists/credit-log', {}],
    ['POST', '/api/resources/audit-log/lists/credit-log/export', {}],
    ['POST', '/api/integrity/app/credit/info/log', {}],
    ['GET', '/api/integrity/app/audit/verify'],
  ];

  it('the audit administrator reads, exports and verifies the log; the system and security administrators get 403 on each', async () => {
    for (const [method, url, payload] of LOG_READS) {
      expect(await send('auditAdmin', method, url, payload), `${url} as auditAdmin`).toBe(200);
      for (const role of ['admin', 'securityAdmin', 'integrity'])
        expect(await send(role, method, url, payload), `${url} as ${role}`).toBe(403);
    }
  });

  it('the audit administrator changes nothing: credit records (403, or 404 for a record it may not read) and user administration refused', async () => {
    const officer = users.get('integrity')?.auth ?? {};
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources/credit/create',
      headers: officer,
      payload: creditRecordData({ responsibleUnit: '测试科技有限公司' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<{ data: { id: string; version: number } }>().data;
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/resources/credit/transitions/publish',
      headers: officer,
      payload: { id: record.id, version: record.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = published.json<{ data: { id: string; version: number } }>().data;
    const row = { id: live.id, version: live.version };
    for (const role of ['auditAdmin', 'securityAdmin']) {
      // Changing or deleting is the owner's route (a user route): a record one may not read does not exist (SECURITY R16).
      expect(await send(role, 'POST', '/api/resources/credit/update', { ...row, data: creditRecordData() }), role).toBe(404);
      expect(await send(role, 'POST', '/api/resources/credit/delete', row), role).toBe(404);
      expect(await send(role, 'GET', `/api/resources/credit/detail?id=${row.id}`), role).toBe(404);
      expect(await send(role, 'POST', '/api/resources/credit/transitions/revoke', { ...row, note: '测试' }), role).toBe(403);
      expect(await send(role, 'POST', '/api/resources/credit/create', creditRecordData()), role).toBe(403);
    }
    const target = users.get('applicant');
    const targetRow = { id: target?.id, version: 1 };
    for (const transition of ['lock', 'freeze', 'endSessions', 'grantReviewer', 'grantAdmin', 'grantAuditAdmin'])
      expect(await send('auditAdmin', 'POST', `/api/resources/sys-user/transitions/${transition}`, targetRow), transition).toBe(403);
    expect(await send('auditAdmin', 'POST', '/api/resources/sys-user/lists/all', {})).toBe(403);
    expect(await send('auditAdmin', 'POST', '/api/sys/user/add', {})).toBe(403);
    expect(await send('auditAdmin', 'PUT', '/api/sys/user/reset-password', {})).toBe(403);
    expect(await send('auditAdmin', 'POST', '/api/sys/user/end-all-sessions')).toBe(403);
    expect(await send('auditAdmin', 'POST', '/api/studio/publish', {})).toBe(403);
    // The record is as the officer left it.
    const detail = await t.app.inject({ method: 'GET', url: `/api/resources/credit/detail?id=${row.id}`, headers: officer });
    expect(detail.json<{ data: { status: string; version: number } }>().data).toMatchObject({ status: 'effective', version: row.version });
  });

  it('the security administrator reads no business data and no log; it holds sysUser alone', async () => {
    const security = catalogue.find((role) => role.id === 'securityAdmin');
    expect(security?.permissions).toEqual([{ permissionId: 'sysUser', actionList: ['query', 'get', 'enable', 'disable'] }]);
    for (const url of [
      '/api/resources/credit/lists/all',
      '/api/resources/application/lists/review',
      '/api/resources/need/lists/review',
      '/api/resources/enterprise-auth/lists/review',
      '/api/sys/form/data/queryApplicationList',
    ])
      expect(await send('securityAdmin', 'POST', url, {}), url).toBe(403);
    expect(await send('securityAdmin', 'POST', '/api/resources/sys-user/lists/all', {})).toBe(200);
    // Every permission route of the app but 用户管理's is refused it (route access, before any handler).
    const others = t.app.routeAccessList.filter(
      (route) => typeof route.access === 'object' && !route.access.permission.startsWith('sysUser.') && route.method !== 'HEAD',
    );
    expect(others.length).toBeGreaterThan(100);
    for (const route of others) expect(want(route.access, 'securityAdmin'), `${route.method} ${route.url}`).toBe(403);
  });

  it('the system administrator holds no action on the log and neither locks nor ends sessions', async () => {
    const admin = catalogue.find((role) => role.id === 'admin');
    expect(admin?.permissions.some((permission) => permission.permissionId === 'integrityLog')).toBe(false);
    expect(admin?.permissions.find((permission) => permission.permissionId === 'sysUser')?.actionList).toEqual([
      'add',
      'delete',
      'update',
      'query',
      'get',
      'import',
      'export',
    ]);
    const targetRow = { id: users.get('applicant')?.id, version: 1 };
    for (const transition of ['lock', 'freeze', 'endSessions'])
      expect(await send('admin', 'POST', `/api/resources/sys-user/transitions/${transition}`, targetRow), transition).toBe(403);
    expect(await send('admin', 'POST', '/api/sys/user/end-all-sessions')).toBe(403);
  });

  it('has no route that deletes or changes audit rows: the audit API only reads (route registry)', () => {
    const auditAliases = new Set(
      (t.app.resources.get('audit-log')?.resource.aliases ?? []).map((alias) => `${alias.method} /api${alias.path}`),
    );
    const audit = t.app.routeAccessList.filter(
      (route) =>
        /^\/api\/(resources\/audit-log\/|integrity\/app\/audit\/(list|verify)$)/.test(route.url) ||
        auditAliases.has(`${route.method} ${route.url}`),
    );
    expect(audit.length).toBeGreaterThanOrEqual(10);
    expect(audit.filter((route) => !['GET', 'HEAD', 'POST'].includes(route.method))).toEqual([]);
    // POST here is a list, an export or a summary (a query in the body), never a write.
    for (const route of audit.filter((entry) => entry.method === 'POST'))
      expect(route.url, route.url).toMatch(/\/lists\/[^/]+(\/export|\/summary)?$|\/audit\/list$|\/log$/);
    expect(audit.filter((route) => typeof route.access === 'object' && !route.access.permission.startsWith('integrityLog.'))).toEqual([]);
    expect(t.app.routeAccessList.filter((route) => route.method === 'DELETE' && /audit/i.test(route.url))).toEqual([]);
  });
});

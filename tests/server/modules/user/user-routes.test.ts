import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../../../src/server/seed/seed-demo-users';
import { ACTION_KEYS, SPEC_ACTION_KEYS } from '../../../../src/shared/permissions/action-keys';
import type { Role } from '../../../../src/shared/generated/role';
import type { UserRoute } from '../../../../src/shared/generated/user-route';
import { INFO_URL } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, login } from '../../helpers/test-users';

const ROUTES_URL = '/api/integrity/app/user/routes';
const INTEGRITY_ACTIONS = ['add', 'delete', 'update', 'query', 'get', 'export'];

/** Spec §6 through the user endpoints: each demo role's roles in the user info, and its 科研诚信 menu. */
describe('user info roles and the generated routes per role', () => {
  let t: TestApp;
  const auth = new Map<string, { authorization: string }>();

  beforeAll(async () => {
    t = await createTestApp({ seedDemoUsers: true });
    for (const username of ['applicant', 'reviewer', 'integrity', 'admin', 'editor', 'secadmin', 'auditor'])
      auth.set(username, { authorization: `Bearer ${await login(t.app, username, DEMO_PASSWORD)}` });
  });
  afterAll(() => t?.close());

  async function rolesOf(headers: { authorization: string } | undefined): Promise<Role[] | undefined> {
    const response = await t.app.inject({ method: 'GET', url: INFO_URL, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { roles?: Role[] } }>().data.roles;
  }

  async function menuOf(headers: { authorization: string } | undefined): Promise<UserRoute[]> {
    const response = await t.app.inject({ method: 'GET', url: ROUTES_URL, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: UserRoute[] }>().data;
  }

  /** The menu as `redirect: page page …`, or '' without one. */
  async function menuPaths(username: string): Promise<string> {
    const menu = await menuOf(auth.get(username));
    return menu.map((root) => `${root.redirect ?? ''}: ${(root.children ?? []).map((child) => child.path).join(' ')}`).join('; ');
  }

  it('gives each demo account its role with the permissions of the catalogue', async () => {
    expect(await rolesOf(auth.get('applicant'))).toEqual([{ id: 'applicant', name: '申报人', nameEn: 'Applicant', permissions: [] }]);
    // The reviewer unmasks what it decides (ADR 0065); 在线留言 (message) masks nothing.
    expect(await rolesOf(auth.get('reviewer'))).toEqual([
      {
        id: 'reviewer',
        name: '审核人',
        nameEn: 'Reviewer',
        permissions: [
          { permissionId: 'application', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'checkIn', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'enterpriseAuth', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'financing', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'invite', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'message', actionList: ['update', 'query', 'get'] },
          { permissionId: 'need', actionList: ['update', 'query', 'get', 'unmask'] },
          { permissionId: 'quote', actionList: ['update', 'query', 'get', 'unmask'] },
        ],
      },
    ]);
    expect(await rolesOf(auth.get('integrity'))).toEqual([
      {
        id: 'integrity',
        name: '科研诚信管理员',
        nameEn: 'Research integrity officer',
        permissions: [
          { permissionId: 'application', actionList: ['query', 'get'] },
          { permissionId: 'integrityCredit', actionList: ['add', 'delete', 'update', 'query', 'get', 'import', 'export'] },
          { permissionId: 'integrityFix', actionList: INTEGRITY_ACTIONS },
        ],
      },
    ]);
    // unmask (SECURITY R35) on the ids of the folders that mask personal numbers (x-mask), and on applications (ADR 0065).
    const UNMASKING = [
      'integrityCredit',
      'integrityFix',
      'eventSign',
      'eventSignup',
      'application',
      'checkIn',
      'enterpriseAuth',
      'financing',
      'invite',
      'need',
      'policyAdvice',
      'quote',
    ];
    expect(await rolesOf(auth.get('admin'))).toEqual([
      {
        id: 'admin',
        name: '系统管理员',
        nameEn: 'System administrator',
        permissions: [
          'application',
          'article',
          'business',
          'catalog',
          'checkIn',
          'collection',
          'enterpriseAuth',
          'event',
          'eventSign',
          'eventSignup',
          'financing',
          'financingProject',
          'incubator',
          'integrityCredit',
          'integrityFix',
          // No integrityLog, and no sysUser enable/disable: the audit and security administrators' (ADR 0068).
          'interest',
          'invite',
          'message',
          'messageDelivery',
          'need',
          'needContact',
          'organisation',
          'policyAdvice',
          'policyRule',
          'product',
          'quote',
          'schemaStudio',
          // Who may author what (ADR 0041): one id per studio unit kind.
          'schemaStudioActivity',
          'schemaStudioDashboard',
          'schemaStudioDictionary',
          'schemaStudioForm',
          'schemaStudioResource',
          'schemaStudioSite',
          'serviceOrg',
          'showcase',
          'sysRole',
          'sysUser',
          'technology',
          'userOrg',
        ].map((permissionId) => ({
          permissionId,
          actionList: (UNMASKING.includes(permissionId) ? ACTION_KEYS : SPEC_ACTION_KEYS).filter(
            (action) => permissionId !== 'sysUser' || !['enable', 'disable'].includes(action),
          ),
        })),
      },
    ]);
    // 三权分立 (SECURITY R19, ADR 0068): the other two administrators, each with their one duty.
    expect(await rolesOf(auth.get('secadmin'))).toEqual([
      {
        id: 'securityAdmin',
        name: '安全管理员',
        nameEn: 'Security administrator',
        permissions: [{ permissionId: 'sysUser', actionList: ['query', 'get', 'enable', 'disable'] }],
      },
    ]);
    expect(await rolesOf(auth.get('auditor'))).toEqual([
      {
        id: 'auditAdmin',
        name: '审计管理员',
        nameEn: 'Audit administrator',
        permissions: [{ permissionId: 'integrityLog', actionList: ['query', 'get', 'export'] }],
      },
    ]);
  });

  it('gives a user whose role is not in the catalogue no role and no menu', async () => {
    const stranger = await createLoggedInUser(t, 'stranger', 'auditor');
    expect(await rolesOf(stranger.auth)).toEqual([]);
    expect(await menuOf(stranger.auth)).toEqual([]);
  });

  it('keeps the 科研诚信 pages whose permission grants query; the root only with a page, redirecting to the first', async () => {
    expect(await menuOf(auth.get('applicant'))).toEqual([]);
    // The review lists of resources/need, quote, invite and message ask for places after 审核管理 (menu.order 32, 33, 34, 36).
    expect(await menuPaths('reviewer')).toBe(
      '/integrity/audit: /integrity/audit /resources/need/lists/review /resources/quote/lists/all /resources/invite/lists/review /resources/message/lists/review /resources/check-in/lists/review /resources/enterprise-auth/lists/review /resources/financing/lists/review',
    );
    // The content editor gets 内容管理 alone (with the policy enquiries to answer); nobody else but the administrator has it.
    expect(await menuPaths('editor')).toBe(
      '/resources/article/lists/all: /resources/article/lists/all /resources/catalog/lists/all /resources/policy-rule/lists/all /resources/incubator/lists/all /resources/policy-advice/lists/all /resources/technology/lists/all /resources/product/lists/all /resources/showcase/lists/all /resources/service-org/lists/all /resources/financing-project/lists/all /resources/event/lists/all /resources/event-sign/lists/all /resources/event-signup/lists/all /content/studio',
    );
    // The logs are the audit administrator's since ADR 0068: the integrity officer reads a record's own history instead.
    expect(await menuPaths('integrity')).toBe(
      '/resources/credit/lists/all: /resources/credit/lists/all /resources/credit-fix/lists/all /integrity/audit',
    );
    // 三权分立: the audit administrator lands on 操作日志, then the credit and repair logs; the security administrator on 用户管理.
    expect(await menuPaths('auditor')).toBe(
      '/integrity/log: /integrity/log /resources/audit-log/lists/credit-log /resources/audit-log/lists/fix-log',
    );
    expect(await menuPaths('secadmin')).toBe('/resources/sys-user/lists/all: /resources/sys-user/lists/all');
    // 用户管理 and 角色管理 are list files with a menu place (resources/sys-user, sys-role); no log for the system administrator.
    expect(await menuPaths('admin')).toBe(
      '/resources/credit/lists/all: /resources/credit/lists/all /resources/credit-fix/lists/all /integrity/audit /resources/need/lists/review /resources/quote/lists/all /resources/invite/lists/review /resources/message/lists/review /resources/check-in/lists/review /resources/enterprise-auth/lists/review /resources/financing/lists/review /resources/sys-user/lists/all /resources/sys-role/lists/all /resources/message-delivery/lists/all; /resources/article/lists/all: /resources/article/lists/all /resources/catalog/lists/all /resources/policy-rule/lists/all /resources/incubator/lists/all /resources/policy-advice/lists/all /resources/technology/lists/all /resources/product/lists/all /resources/showcase/lists/all /resources/service-org/lists/all /resources/financing-project/lists/all /resources/event/lists/all /resources/event-sign/lists/all /resources/event-signup/lists/all /content/studio',
    );
  });

  it('names each page’s permission ids in meta.permission, under 科研诚信 and, for content, 内容管理', async () => {
    const [root, content, ...others] = await menuOf(auth.get('admin'));
    expect(others).toEqual([]);
    expect(content).toMatchObject({
      id: 'content',
      parentId: '0',
      path: '/content',
      redirect: '/resources/article/lists/all',
      meta: { title: '内容管理', titleEn: 'Content' },
    });
    expect(content?.children?.map((child) => [child.meta.title, child.parentId, child.meta.permission])).toEqual([
      ['资讯与政策管理', 'content', ['article']],
      ['栏目管理', 'content', ['catalog']],
      ['政策匹配规则', 'content', ['policyRule']],
      ['孵化载体管理', 'content', ['incubator']],
      ['政策咨询答复', 'content', ['policyAdvice']],
      ['科技成果管理', 'content', ['technology']],
      ['金融产品管理', 'content', ['product']],
      ['成果展示管理', 'content', ['showcase']],
      ['服务机构管理', 'content', ['serviceOrg']],
      ['融资项目管理', 'content', ['financingProject']],
      ['科技活动管理', 'content', ['event']],
      ['活动签到记录', 'content', ['eventSign']],
      ['活动报名记录', 'content', ['eventSignup']],
      ['表单设计', 'content', ['schemaStudio']],
    ]);
    expect(root).toMatchObject({
      id: 'integrity',
      parentId: '0',
      path: '/integrity',
      meta: { title: '科研诚信', titleEn: 'Research integrity' },
    });
    expect(root?.children?.map((child) => [child.meta.title, child.parentId, child.meta.permission])).toEqual([
      ['信用信息', 'integrity', ['integrityCredit']],
      ['信用修复审核', 'integrity', ['integrityFix']],
      ['审核管理', 'integrity', ['application']],
      ['需求审核', 'integrity', ['need']],
      ['询价处理', 'integrity', ['quote']],
      ['邀请函审核', 'integrity', ['invite']],
      ['留言回复', 'integrity', ['message']],
      ['入驻审核', 'integrity', ['checkIn']],
      ['企业认证审核', 'integrity', ['enterpriseAuth']],
      ['融资审核', 'integrity', ['financing']],
      ['用户管理', 'integrity', ['sysUser']],
      ['角色管理', 'integrity', ['sysRole']],
      ['消息投递', 'integrity', ['messageDelivery']],
    ]);
    const [logs] = await menuOf(auth.get('auditor'));
    expect(logs?.children?.map((child) => [child.meta.title, child.parentId, child.meta.permission])).toEqual([
      ['操作日志', 'integrity', ['integrityLog']],
      ['信用信息日志', 'integrity', ['integrityLog']],
      ['信用修复日志', 'integrity', ['integrityLog']],
    ]);
  });

  it('follows a role change on the next request: permissions are read with the session', async () => {
    const user = await createLoggedInUser(t, 'promoted', 'applicant');
    expect(await menuOf(user.auth)).toEqual([]);
    await t.db.update(users).set({ role: 'reviewer' }).where(eq(users.id, user.id));
    expect((await menuOf(user.auth)).map((root) => root.redirect)).toEqual(['/integrity/audit']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sys/form/data/queryApplicationList', headers: user.auth, payload: {} })).statusCode,
    ).toBe(200);
  });
});

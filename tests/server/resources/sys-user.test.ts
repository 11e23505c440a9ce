import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import type { UserInfo } from '../../../src/shared/generated/user-info';
import { auditLog } from '../../../src/server/db/schema';
import { LOGIN_MAX_FAILURES, recordLoginFailure, usernameKey } from '../../../src/server/services/auth/login-lockout';
import { call, inviteData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, login, reopenSession, type TestUser } from '../helpers/test-users';

/**
 * 用户管理 and 角色管理 (schemas/resources/sys-user, sys-role; spec §6): the security administrator locks
 * and unlocks (SECURITY R03), freezes with a reason and unfreezes (spec §8); the system administrator
 * grants and revokes roles (a user may hold several, but only one of the three administrators, ADR 0068);
 * each change version-checked and audited.
 */
let t: TestApp;
let admin: TestUser;
let security: TestUser;
let reviewer: TestUser;

const USERS = '/api/resources/sys-user';
const change = (by: TestUser, name: string, row: Pick<RecordView, 'id' | 'version'>, note?: string) =>
  call<RecordView>(t, by, 'POST', `${USERS}/transitions/${name}`, {
    id: row.id,
    version: row.version,
    ...(note === undefined ? {} : { note }),
  });

async function rowOf(user: TestUser, by: TestUser = admin): Promise<RecordView> {
  const page = await call<{ records: RecordView[] }>(t, by, 'POST', `${USERS}/lists/all`, { username: user.username, pageSize: 100 });
  const row = page.body.data.records.find((record) => record.id === user.id);
  if (!row) throw new Error(`${user.username} is not listed`);
  return row;
}

const infoOf = async (user: TestUser) => (await call<UserInfo>(t, user, 'GET', '/api/integrity/app/user/settings/info')).body.data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createLoggedInUser(t, 'adm', 'admin');
  security = await createLoggedInUser(t, 'sec', 'securityAdmin');
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
});
afterAll(async () => t.close());

describe('user administration as a list file', () => {
  it('unlocks an account the login lockout locked, and the user logs in again (SECURITY R03)', async () => {
    const user = await createLoggedInUser(t, 'locked');
    // Five failures lock it, as five wrong passwords (with their captchas) would.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await recordLoginFailure(t.db, usernameKey(user.username), t.clock.now());
    const locked = await rowOf(user, security);
    expect(locked).toMatchObject({ status: 'locked', actions: expect.arrayContaining(['unlock', 'freeze']) });
    expect(locked.actions).not.toContain('lock');
    const listed = await call<{ records: RecordView[] }>(t, security, 'POST', `${USERS}/lists/all`, { status: 'locked', pageSize: 100 });
    expect(listed.body.data.records.map((record) => record.id)).toContain(user.id);
    const unlocked = await change(security, 'unlock', locked);
    expect(unlocked.body.data.status).toBe('active');
    await expect(login(t.app, user.username, user.password)).resolves.toEqual(expect.any(String));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sys-user'), eq(auditLog.objectId, user.id)));
    expect(audit.map((row) => row.action)).toEqual(['unlock']);
    // An administrator's own lock holds until unlocked.
    const relocked = await change(security, 'lock', unlocked.body.data);
    expect(relocked.body.data.status).toBe('locked');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: { username: user.username, password: user.password, code: '2' },
    });
    expect(refused.statusCode).not.toBe(200);
    // The account's detail page lists the administrators' changes from the audit log.
    const detail = await call<RecordView & { history: { action: string; toStatus: string; actorName: string | null }[] }>(
      t,
      admin,
      'GET',
      `${USERS}/detail?id=${user.id}`,
    );
    expect(detail.body.data).toMatchObject({ status: 'locked', data: { username: user.username } });
    expect(detail.body.data.history.map((entry) => [entry.action, entry.toStatus, entry.actorName])).toEqual([
      ['unlock', 'active', '测试用户sec'],
      ['lock', 'locked', '测试用户sec'],
    ]);
    expect((await call(t, reviewer, 'GET', `${USERS}/detail?id=${user.id}`)).status).toBe(404);
    expect((await call(t, admin, 'GET', `${USERS}/detail?id=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('freezes with a reason: every session ends; logged in again the account reads, but neither applies nor publishes, until unfrozen', async () => {
    const before = await createLoggedInUser(t, 'frozen');
    const row = await rowOf(before);
    expect((await change(security, 'freeze', row)).status).toBe(400);
    const frozen = await change(security, 'freeze', row, '经核查，该账号提交的申报材料存在虚假信息');
    expect(frozen.body.data).toMatchObject({
      status: 'frozen',
      data: { frozenReason: '经核查，该账号提交的申报材料存在虚假信息' },
      actions: expect.arrayContaining(['unfreeze']),
    });
    // SECURITY R11 (ADR 0063): the freeze ended the session; a frozen account still logs in (ADR 0012).
    expect((await call(t, before, 'GET', '/api/integrity/app/user/settings/info')).status).toBe(401);
    const user = await reopenSession(t, before);
    expect((await infoOf(user)).frozen).toEqual({ at: expect.any(String), reason: '经核查，该账号提交的申报材料存在虚假信息' });
    const start = await call(t, user, 'POST', '/api/sys/form/data/firstSaveFormData', { activityId: 'innovation-competition' });
    expect(start.status).toBe(403);
    expect(start.body).toMatchObject({ reason: 'accountFrozen' });
    const publish = await call(t, user, 'POST', '/api/sys/person/invite/create', inviteData());
    expect(publish.status).toBe(403);
    // Reading stays open.
    expect((await call(t, user, 'POST', '/api/sys/person/invite/queryMyInviteList', {})).status).toBe(200);
    const thawed = await change(security, 'unfreeze', frozen.body.data);
    expect(thawed.body.data.status).toBe('active');
    // Unfreezing takes nothing away: the session lives on.
    expect((await infoOf(user)).frozen).toBeUndefined();
    expect((await call(t, user, 'POST', '/api/sys/person/invite/create', inviteData())).status).toBe(200);
  });

  it('grants and revokes roles: a user may hold several; each change ends the sessions, and the next login has the new menu', async () => {
    let user = await createLoggedInUser(t, 'promoted');
    let row = await rowOf(user);
    expect(row.data['roles']).toBe('申报人');
    // The account's own role is not the administrator's to grant or take.
    expect(row.actions).not.toContain('grantApplicant');
    expect(row.actions).not.toContain('revokeApplicant');
    row = (await change(admin, 'grantReviewer', row)).body.data;
    // SECURITY R11 (ADR 0063): a role change ends the account's sessions.
    expect((await call(t, user, 'GET', '/api/integrity/app/user/routes')).status).toBe(401);
    row = (await change(admin, 'grantIntegrity', row)).body.data;
    expect(row.data['roles']).toBe('申报人、科研诚信管理员、审核人');
    user = await reopenSession(t, user);
    expect((await infoOf(user)).roles?.map((role) => role.id)).toEqual(['applicant', 'integrity', 'reviewer']);
    const menu = await call<{ children: { path: string }[] }[]>(t, user, 'GET', '/api/integrity/app/user/routes');
    expect(menu.body.data[0]?.children.map((child) => child.path)).toContain('/integrity/audit');
    expect((await change(admin, 'grantReviewer', row)).status).toBe(409);
    row = (await change(admin, 'revokeReviewer', row)).body.data;
    // Taking a role away ends them too: the old token cannot act with it for a moment longer.
    expect((await call(t, user, 'POST', '/api/resources/sys-user/lists/all', {})).status).toBe(401);
    expect((await call(t, user, 'GET', '/api/integrity/app/user/routes')).status).toBe(401);
    const revoked = await change(admin, 'revokeIntegrity', row);
    expect(revoked.body.data.data['roles']).toBe('申报人');
    user = await reopenSession(t, user);
    expect((await call(t, user, 'GET', '/api/integrity/app/user/routes')).body.data).toEqual([]);
  });

  it("refuses a stale version, one's own account, and anyone who is not an administrator", async () => {
    const user = await createLoggedInUser(t, 'target');
    const row = await rowOf(user);
    const results = await Promise.all([change(admin, 'grantReviewer', row), change(security, 'freeze', row, '重复操作测试')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const self = await rowOf(security, security);
    expect(self.actions).toEqual([]);
    expect((await change(security, 'freeze', self, '自己冻结自己')).status).toBe(403);
    expect((await rowOf(admin)).actions).toEqual([]);
    expect((await call(t, reviewer, 'POST', `${USERS}/lists/all`, {})).status).toBe(403);
    expect((await change(reviewer, 'grantAdmin', { id: reviewer.id, version: 1 })).status).toBe(403);
    // Masked numbers, never a password hash (SECURITY R17, R35).
    expect(JSON.stringify(row)).not.toMatch(/password|hash/i);
  });

  it('三权分立 (SECURITY R19, ADR 0068): grants are the system administrator’s, locks the security administrator’s', async () => {
    const user = await createLoggedInUser(t, 'split');
    // Each sees only their own changes in the row's actions, and the other's is a 403.
    expect((await rowOf(user, admin)).actions).toEqual(expect.arrayContaining(['grantReviewer', 'grantAuditAdmin']));
    expect(((await rowOf(user, admin)).actions ?? []).filter((action) => ['lock', 'freeze', 'endSessions'].includes(action))).toEqual([]);
    const forSecurity = await rowOf(user, security);
    expect([...(forSecurity.actions ?? [])].sort()).toEqual(['endSessions', 'freeze', 'lock']);
    expect((await change(admin, 'lock', forSecurity)).status).toBe(403);
    expect((await change(admin, 'endSessions', forSecurity)).status).toBe(403);
    expect((await call(t, admin, 'POST', '/api/sys/user/end-all-sessions')).status).toBe(403);
    expect((await change(security, 'grantReviewer', forSecurity)).status).toBe(403);
    expect((await change(security, 'grantSecurityAdmin', forSecurity)).status).toBe(403);
    expect((await call(t, security, 'POST', '/api/sys/user/add', {})).status).toBe(403);
  });

  it('refuses a second administrator role to one account with a 409 that says why, in both languages (三权分立)', async () => {
    const user = await createLoggedInUser(t, 'auditor');
    let row = (await change(admin, 'grantAuditAdmin', await rowOf(user))).body.data;
    expect(row.data['roles']).toBe('申报人、审计管理员');
    // The list offers neither of the other two, and the route refuses them, whatever the version.
    expect(row.actions).toEqual(expect.arrayContaining(['revokeAuditAdmin', 'grantReviewer']));
    expect((row.actions ?? []).filter((action) => ['grantAdmin', 'grantSecurityAdmin'].includes(action))).toEqual([]);
    const refused = await change(admin, 'grantSecurityAdmin', row);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 409,
      msg: '该账号已是审计管理员：系统管理员、安全管理员和审计管理员须由不同账号担任，请先撤销原角色',
    });
    const english = await t.app.inject({
      method: 'POST',
      url: `${USERS}/transitions/grantAdmin`,
      headers: { ...admin.auth, 'accept-language': 'en-US' },
      payload: { id: row.id, version: row.version },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json<{ msg: string }>().msg).toBe(
      'This account is already Audit administrator: the system, security and audit administrators must be different accounts; revoke that role first',
    );
    // Nothing changed, no audit row for the refusals; once revoked, the other administrator role may be granted.
    expect((await rowOf(user)).version).toBe(row.version);
    row = (await change(admin, 'revokeAuditAdmin', row)).body.data;
    row = (await change(admin, 'grantSecurityAdmin', row)).body.data;
    expect(row.data['roles']).toBe('申报人、安全管理员');
    // An account whose own role (users.role) is an administrator is held to it as well.
    const holder = await rowOf(admin, admin);
    expect(holder.actions).toEqual([]);
    const sysAdmin = await createLoggedInUser(t, 'sys', 'admin');
    const sysRow = await rowOf(sysAdmin);
    expect((sysRow.actions ?? []).filter((action) => action.startsWith('grant') && action.endsWith('Admin'))).toEqual([]);
    expect((await change(admin, 'grantAuditAdmin', sysRow)).status).toBe(409);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sys-user'), eq(auditLog.objectId, user.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['grantAuditAdmin', 'revokeAuditAdmin', 'grantSecurityAdmin']);
  });

  it('refuses the system administrator the password of a security or audit administrator, who would then be theirs to act as', async () => {
    const reset = (by: TestUser, id: string, locale = 'zh-CN') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/sys/user/reset-password',
        headers: { ...by.auth, 'accept-language': locale },
        payload: { id, password: 'Xq7#mPz2!wLk', confirmPassword: 'Xq7#mPz2!wLk' },
      });
    const auditor = await createLoggedInUser(t, 'aud', 'auditAdmin');
    const refused = await reset(admin, auditor.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ msg: string }>().msg).toBe(
      '不能重置审计管理员的密码：该账号的密码由本人在账号设置中修改，遗失时由运维人员用 npm run admin:create 重新开设',
    );
    expect((await reset(admin, security.id, 'en-US')).json<{ msg: string }>().msg).toMatch(
      /^You cannot reset the password of a security administrator/,
    );
    // A granted role counts like the account's own; the system administrator's own kind and everyone else stay resettable.
    const granted = await createLoggedInUser(t, 'granted');
    await change(admin, 'grantAuditAdmin', await rowOf(granted));
    expect((await reset(admin, granted.id)).statusCode).toBe(403);
    expect((await reset(admin, (await createLoggedInUser(t, 'sys2', 'admin')).id)).statusCode).toBe(200);
    expect((await reset(admin, (await createLoggedInUser(t, 'plain')).id)).statusCode).toBe(200);
    // Their own password still opens the login, to the second factor an administrator owes (ADR 0067).
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: { username: auditor.username, password: auditor.password, code: '2' },
    });
    expect(own.json<{ reason?: string }>().reason).toBe('MFA_REQUIRED');
  });
});

describe('roles and permissions from the database', () => {
  it('lists roles with what they grant and how many hold them (角色管理)', async () => {
    const roles = await call<{ records: RecordView[] }>(t, admin, 'POST', '/api/resources/sys-role/lists/all', {});
    const reviewerRole = roles.body.data.records.find((record) => record.id === 'reviewer');
    expect(reviewerRole?.data['name']).toBe('审核人');
    // The reviewer may unmask the personal fields of what it decides (ADR 0065).
    expect(String(reviewerRole?.data['permissions'])).toContain('审核管理（修改、查询、详情、查看完整信息）');
    expect(reviewerRole?.data['holders']).toEqual(expect.any(Number));
  });

  it('answers queryPermissionList (parentId defaults to 0) and queryRoleMenu', async () => {
    const roots = await call<{ id: string; parentId: string; name: string; children?: { id: string }[] }[]>(
      t,
      admin,
      'GET',
      '/api/sys/permission/queryPermissionList',
    );
    expect(roots.status).toBe(200);
    expect(roots.body.data.every((node) => node.parentId === '0')).toBe(true);
    expect(roots.body.data.find((node) => node.id === 'need')).toMatchObject({
      name: '科技需求',
      children: expect.arrayContaining([{ id: 'need.query', parentId: 'need', name: '查询', nameEn: 'Query' }]),
    });
    // The studio's per-kind ids (ADR 0041) are named after 表单设计 and the kind.
    expect(roots.body.data.find((node) => node.id === 'schemaStudioResource')).toMatchObject({
      name: '表单设计：资源文件夹',
      nameEn: 'Schema studio: resource folders',
    });
    const children = await call<{ id: string }[]>(t, admin, 'GET', '/api/sys/permission/queryPermissionList?parentId=need');
    expect(children.body.data.map((node) => node.id)).toContain('need.update');
    const menu = await call<{ roleId: string; menu: { id: string; children?: { id: string }[] }[] }[]>(
      t,
      admin,
      'GET',
      '/api/sys/role/queryRoleMenu?roleId=reviewer',
    );
    expect(menu.body.data).toHaveLength(1);
    expect(menu.body.data[0]?.menu.find((node) => node.id === 'application')?.children?.map((child) => child.id)).toEqual([
      'application.update',
      'application.query',
      'application.get',
      'application.unmask',
    ]);
    const editorMenu = await call<{ menu: { id: string; children?: { id: string }[] }[] }[]>(
      t,
      admin,
      'GET',
      '/api/sys/role/queryRoleMenu?roleId=editor',
    );
    const studioIds = editorMenu.body.data[0]?.menu.map((node) => node.id).filter((id) => id.startsWith('schemaStudio'));
    expect(studioIds).toEqual([
      'schemaStudio',
      'schemaStudioActivity',
      'schemaStudioDashboard',
      'schemaStudioDictionary',
      'schemaStudioForm',
      'schemaStudioSite',
    ]);
    expect((await call(t, reviewer, 'GET', '/api/sys/role/queryRoleMenu')).status).toBe(403);
    // unmask (SECURITY R35) only on the ids of folders that mask personal numbers; the administrator holds it there.
    const actionsOf = (nodes: { id: string; children?: { id: string }[] }[] | undefined, id: string) =>
      nodes?.find((node) => node.id === id)?.children?.map((child) => child.id) ?? [];
    expect(actionsOf(roots.body.data, 'integrityCredit')).toContain('integrityCredit.unmask');
    expect(actionsOf(roots.body.data, 'article')).not.toContain('article.unmask');
    // A need's contact phone is masked (ADR 0065), and applications' personal fields, a built-in id's.
    expect(actionsOf(roots.body.data, 'need')).toContain('need.unmask');
    expect(actionsOf(roots.body.data, 'application')).toContain('application.unmask');
    const adminMenu = await call<{ roleId: string; menu: { id: string; children?: { id: string }[] }[] }[]>(
      t,
      admin,
      'GET',
      '/api/sys/role/queryRoleMenu?roleId=admin',
    );
    expect(actionsOf(adminMenu.body.data[0]?.menu, 'eventSignup')).toContain('eventSignup.unmask');
    expect(actionsOf(adminMenu.body.data[0]?.menu, 'article')).not.toContain('article.unmask');
    expect(actionsOf(adminMenu.body.data[0]?.menu, 'application')).toContain('application.unmask');
    expect(adminMenu.body.data[0]?.menu.map((node) => node.id)).not.toContain('eventSignup.unmask');
  });
});

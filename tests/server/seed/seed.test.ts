import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/server/seed/prepare-database';
import { dictItems, rolePermissions, roles, units, userRoles, userUnits, users } from '../../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/seed/seed-demo-users';
import { DEFAULT_MFA_ROLES } from '../../../src/server/services/roles/mfa-roles';
import { catalogueWithResourceGrants } from '../../../src/server/modules/role/catalogue-with-resource-grants';
import { createTestApp, REPO_SCHEMAS_DIR, TEST_DATA_KEY, type TestApp } from '../helpers/test-app';

describe('seeding', () => {
  let plain: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    [plain, demo] = await Promise.all([createTestApp(), createTestApp({ seedDemoUsers: true })]);
  });
  afterAll(async () => {
    await plain?.close();
    await demo?.close();
  });

  it('creates no demo account unless asked', async () => {
    expect(await plain.db.select().from(users)).toHaveLength(0);
  });

  it('marks the pages of a server holding demo accounts with 演示环境, and no other server', async () => {
    expect(demo.app.demoAccounts).toBe(true);
    expect(plain.app.demoAccounts).toBe(false);
    const marked = await demo.app.inject({ method: 'GET', url: '/home' });
    expect(marked.headers['content-type']).toMatch(/^text\/html/);
    expect(marked.body).toContain('<meta name="kc-environment" content="demo"></head>');
    expect((await plain.app.inject({ method: 'GET', url: '/home' })).body).not.toContain('kc-environment');
  });

  it('creates the eleven demo accounts in demo mode; each logs in with Kechuang@2026', async () => {
    const rows = await demo.db
      .select({ username: users.username, fullname: users.fullname, role: users.role })
      .from(users)
      .orderBy(asc(users.username));
    expect(rows.map((row) => row.username)).toEqual([
      'admin',
      'applicant',
      'auditor',
      'editor',
      'integrity',
      'member',
      'orgadmin',
      'reviewer',
      'secadmin',
      'unitadmin',
      'unitofficer',
    ]);
    expect(rows.find((row) => row.username === 'applicant')).toMatchObject({ fullname: '张伟', role: 'applicant' });
    // 三权分立 (ADR 0068): one account for each of the three administrators, and none holds two.
    expect(['admin', 'secadmin', 'auditor'].map((username) => rows.find((row) => row.username === username)?.role)).toEqual([
      'admin',
      'securityAdmin',
      'auditAdmin',
    ]);
    expect(await demo.db.select().from(userRoles)).toEqual([]);
    // Eleven logins are more than one address may try in a minute (LOGIN_RATE_LIMIT): one loopback address each.
    for (const [index, user] of DEMO_USERS.entries()) {
      const response = await demo.app.inject({
        method: 'POST',
        url: '/api/sys/user/login',
        remoteAddress: `127.0.0.${index + 2}`,
        payload: { username: user.username, password: DEMO_PASSWORD, code: '2' },
      });
      const body = response.json<{ reason?: string; result?: { token?: string; mfa?: { token?: string; enrolled?: boolean } } }>();
      // The staff's password is right, and their second factor is owed (SECURITY R06, ADR 0067): they come enrolled.
      if (DEFAULT_MFA_ROLES.includes(user.role)) {
        expect(body.reason, user.username).toBe('MFA_REQUIRED');
        expect(body.result?.mfa, user.username).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), enrolled: true });
      } else expect(body.result?.token, user.username).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("makes unitadmin the administrator of the applicant's unit and orgadmin of member's, and nobody else an administrator", async () => {
    const admins = await demo.db
      .select({ username: users.username, unit: units.name })
      .from(userUnits)
      .innerJoin(users, eq(users.id, userUnits.userId))
      .innerJoin(units, eq(units.id, userUnits.unitId))
      .where(eq(userUnits.isAdmin, true));
    expect(admins.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: 'orgadmin', unit: '晴川新能源科技有限公司' },
      { username: 'unitadmin', unit: '星河智能科技有限公司' },
    ]);
  });

  it('is idempotent: a second start changes nothing', async () => {
    const before = await demo.db.select().from(users).orderBy(asc(users.username));
    // Ordered: an upsert may move rows, and an unordered select returns them as stored.
    const itemsBefore = await demo.db.select().from(dictItems).orderBy(asc(dictItems.dictCode), asc(dictItems.dictKey));
    const grantsBefore = await demo.db
      .select()
      .from(rolePermissions)
      .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId));
    await prepareDatabase(demo.app.database, {
      schemasDir: REPO_SCHEMAS_DIR,
      seedDemoUsers: true,
      roleCatalogue: catalogueWithResourceGrants(demo.app.resources.list()),
      dataMasterKey: Buffer.from(TEST_DATA_KEY, 'base64'),
    });
    expect(await demo.db.select().from(users).orderBy(asc(users.username))).toEqual(before);
    expect(await demo.db.select().from(dictItems).orderBy(asc(dictItems.dictCode), asc(dictItems.dictKey))).toEqual(itemsBefore);
    expect(await demo.db.select().from(rolePermissions).orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId))).toEqual(
      grantsBefore,
    );
  });

  it('writes the role catalogue on every start, demo or not', async () => {
    const rows = await plain.db.select().from(roles).orderBy(asc(roles.id));
    expect(rows).toEqual([
      { id: 'admin', name: '系统管理员', nameEn: 'System administrator' },
      { id: 'applicant', name: '申报人', nameEn: 'Applicant' },
      { id: 'auditAdmin', name: '审计管理员', nameEn: 'Audit administrator' },
      { id: 'editor', name: '内容编辑', nameEn: 'Content editor' },
      { id: 'integrity', name: '科研诚信管理员', nameEn: 'Research integrity officer' },
      { id: 'reviewer', name: '审核人', nameEn: 'Reviewer' },
      { id: 'securityAdmin', name: '安全管理员', nameEn: 'Security administrator' },
      { id: 'unitIntegrity', name: '单位科研诚信专员', nameEn: 'Unit research integrity officer' },
    ]);
    const grants = await plain.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 'reviewer'));
    // The product's own grants, and those the resource folders make (resources/<name>/resource.json grants).
    expect(grants).toEqual([
      { roleId: 'reviewer', permissionId: 'application', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'checkIn', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'enterpriseAuth', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'financing', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'invite', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'message', actions: ['update', 'query', 'get'] },
      { roleId: 'reviewer', permissionId: 'need', actions: ['update', 'query', 'get', 'unmask'] },
      { roleId: 'reviewer', permissionId: 'quote', actions: ['update', 'query', 'get', 'unmask'] },
    ]);
    expect(await plain.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 'applicant'))).toEqual([]);
  });

  it('restores the catalogue at start: edited names and actions come back, grants it no longer makes go, other roles stay', async () => {
    await plain.db.update(roles).set({ name: '改过的' }).where(eq(roles.id, 'reviewer'));
    await plain.db
      .update(rolePermissions)
      .set({ actions: ['query'] })
      .where(eq(rolePermissions.roleId, 'reviewer'));
    await plain.db.insert(rolePermissions).values([
      { roleId: 'applicant', permissionId: 'application', actions: ['query', 'get'] },
      { roleId: 'reviewer', permissionId: 'integrityLog', actions: ['query'] },
    ]);
    await plain.db.insert(roles).values({ id: 'auditor', name: '审计', nameEn: 'Auditor' });
    await plain.db.insert(rolePermissions).values({ roleId: 'auditor', permissionId: 'integrityLog', actions: ['query'] });
    await prepareDatabase(plain.app.database, {
      schemasDir: REPO_SCHEMAS_DIR,
      seedDemoUsers: false,
      dataMasterKey: Buffer.from(TEST_DATA_KEY, 'base64'),
    });
    expect((await plain.db.select().from(roles).where(eq(roles.id, 'reviewer')))[0]?.name).toBe('审核人');
    expect(await plain.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 'reviewer'))).toEqual([
      { roleId: 'reviewer', permissionId: 'application', actions: ['update', 'query', 'get', 'unmask'] },
    ]);
    expect(await plain.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 'applicant'))).toEqual([]);
    expect(await plain.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 'auditor'))).toEqual([
      { roleId: 'auditor', permissionId: 'integrityLog', actions: ['query'] },
    ]);
  });

  it('refuses an action that is not one of spec §6’s keys in the table itself', async () => {
    await expect(
      plain.db.insert(rolePermissions).values({ roleId: 'admin', permissionId: 'somethingElse', actions: ['query', 'approve'] }),
    ).rejects.toThrow();
  });

  it('upserts dictionary items from the files: an edited label comes back as in the file', async () => {
    const needTypeOne = and(eq(dictItems.dictCode, 'need_type'), eq(dictItems.dictKey, '1'));
    await plain.db.update(dictItems).set({ dictValue: '改过的' }).where(needTypeOne);
    await prepareDatabase(plain.app.database, {
      schemasDir: REPO_SCHEMAS_DIR,
      seedDemoUsers: false,
      dataMasterKey: Buffer.from(TEST_DATA_KEY, 'base64'),
    });
    const rows = await plain.db.select().from(dictItems).where(needTypeOne);
    expect(rows[0]?.dictValue).toBe('技术需求');
  });
});

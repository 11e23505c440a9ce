import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../../src/server/db/schema';
import { INFO_URL, loginAttempt, sessionFor } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { expectRefusedOn, STRONG_PASSWORD, WEAK_PASSWORDS } from '../../helpers/weak-passwords';

const ADD_URL = '/api/sys/user/add';
const RESET_URL = '/api/sys/user/reset-password';
const CHANGE_URL = '/api/sys/user/change-password';
// Ordinary routes of a logged-in user: the menu, the unit list, the security summary.
const ORDINARY = [
  { method: 'GET', url: '/api/integrity/app/user/routes' },
  { method: 'GET', url: '/api/integrity/app/user/unit/list' },
  { method: 'POST', url: '/api/sys/app/user/settings/security' },
] as const;

/** 用户管理's new account and password reset (SECURITY R01, R07): the policy, then the first-login change. */
describe('an administrator sets a password; its owner must change it first (SECURITY R07)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createLoggedInUser(t, 'uadm', 'admin');
  });
  afterAll(() => t?.close());

  let counter = 0;
  const newName = (): string => {
    counter += 1;
    return `made${counter}${Date.now() % 100_000}`;
  };
  const add = (payload: Record<string, unknown>, auth = admin.auth, language = 'zh-CN') =>
    t.app.inject({ method: 'POST', url: ADD_URL, headers: { ...auth, 'accept-language': language }, payload });
  const resetBy = (auth: { authorization: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: RESET_URL, headers: auth, payload });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function created(password = STRONG_PASSWORD): Promise<{ id: string; username: string }> {
    const username = newName();
    const response = await add({ username, fullname: '新用户', password, confirmPassword: password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '用户已创建，该用户首次登录须修改密码', data: { username } });
    return response.json<{ data: { id: string; username: string } }>().data;
  }

  async function tokenOf(username: string, password: string): Promise<string> {
    const response = await loginAttempt(t, { username, password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { token: string } }>().result.token;
  }

  it.each(WEAK_PASSWORDS)('refuses $name as a first password with 400 on password', async ({ password, problem }) => {
    const username = newName();
    const chosen = password(username);
    expectRefusedOn(await add({ username, fullname: '弱密码', password: chosen, confirmPassword: chosen }), 'password', problem);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.username, username))).toEqual([]);
  });

  it(`accepts ${STRONG_PASSWORD}, and marks the account for the first-login change`, async () => {
    const user = await created();
    const row = (
      await t.db.select({ must: users.mustChangePassword, active: users.active, role: users.role }).from(users).where(eq(users.id, user.id))
    )[0];
    expect(row).toEqual({ must: true, active: true, role: 'applicant' });
    const audit = await t.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'RECORD_CREATED'), eq(auditLog.objectId, user.id)));
    expect(audit).toEqual([{ action: 'sysUser.add', userId: admin.id }]);
  });

  it('refuses a name taken in any case, an unknown role, and anyone without sysUser.add', async () => {
    const user = await created();
    const again = await add({
      username: user.username.toUpperCase(),
      fullname: '重名',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'usernameTaken', errors: [{ path: 'username' }] });
    const role = await add({
      username: newName(),
      fullname: '角色',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      role: 'emperor',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toMatchObject({ errors: [{ path: 'role', message: '没有这个角色' }] });
    const applicant = await createLoggedInUser(t, 'uapp');
    expect(
      (await add({ username: newName(), fullname: '越权', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, applicant.auth))
        .statusCode,
    ).toBe(403);
  });

  it('lets the new account log in to a session that only reads its info and changes its password, until it does', async () => {
    const user = await created();
    // The login itself answers as always.
    const token = await tokenOf(user.username, STRONG_PASSWORD);
    const auth = bearer(token);
    for (const route of ORDINARY) {
      const response = await t.app.inject({
        ...route,
        headers: { ...auth, 'accept-language': 'zh-CN' },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json(), route.url).toEqual({ code: 403, msg: '首次登录请先修改密码', reason: 'passwordChangeRequired' });
    }
    const english = await t.app.inject({ method: 'GET', url: ORDINARY[0].url, headers: { ...auth, 'accept-language': 'en-US' } });
    expect(english.json()).toMatchObject({ msg: 'Please change your password before continuing', reason: 'passwordChangeRequired' });
    // A permission route is refused the same way, whatever the role would grant.
    expect(
      (await add({ username: newName(), fullname: 'x', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, auth)).json(),
    ).toMatchObject({ reason: 'passwordChangeRequired' });

    const info = await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ data: { username: user.username, mustChangePassword: true } });

    // The change itself applies the policy too.
    const weak = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: STRONG_PASSWORD, newPassword: 'woaini1314', confirmPassword: 'woaini1314' },
    });
    expect(weak.statusCode).toBe(400);
    const mine = 'Own-choice#7q';
    const changed = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: STRONG_PASSWORD, newPassword: mine, confirmPassword: mine },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The same session works normally now, and the info no longer asks for the change.
    for (const route of ORDINARY) {
      const response = await t.app.inject({ ...route, headers: auth, ...(route.method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, route.url).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).json<{ data: Record<string, unknown> }>().data,
    ).not.toHaveProperty('mustChangePassword');
    const row = (await t.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, user.id)))[0];
    expect(row?.must).toBe(false);
    // A fresh login is unlimited as well.
    const fresh = bearer(await tokenOf(user.username, mine));
    expect((await t.app.inject({ method: 'GET', url: ORDINARY[0].url, headers: fresh })).statusCode).toBe(200);
  });

  it('lets the limited session log out', async () => {
    const user = await created();
    const auth = bearer(await tokenOf(user.username, STRONG_PASSWORD));
    expect((await t.app.inject({ method: 'POST', url: '/api/oauth/logout', headers: auth, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).statusCode).toBe(401);
  });

  it("resets another account's password: the policy applies, every session ends, and the next login must change it", async () => {
    const owner = await createLoggedInUser(t, 'urst');
    const version = (await t.db.select({ version: users.version }).from(users).where(eq(users.id, owner.id)))[0]?.version ?? 0;
    for (const { password, problem } of WEAK_PASSWORDS) {
      const chosen = password(owner.username);
      expectRefusedOn(await resetBy(admin.auth, { id: owner.id, password: chosen, confirmPassword: chosen }), 'password', problem);
    }
    expect(
      (await resetBy(admin.auth, { id: owner.id, version: version + 5, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(409);
    const done = await resetBy(admin.auth, { id: owner.id, version, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ code: 0, msg: '密码已重置，该用户下次登录须修改密码' });

    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: owner.auth })).statusCode).toBe(401);
    expect((await loginAttempt(t, { username: owner.username, password: owner.password })).statusCode).toBe(401);
    const auth = bearer(await tokenOf(owner.username, STRONG_PASSWORD));
    expect((await t.app.inject({ method: 'GET', url: ORDINARY[0].url, headers: auth })).json()).toMatchObject({
      reason: 'passwordChangeRequired',
    });
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'PASSWORD_RESET'), eq(auditLog.objectId, owner.id)));
    expect(audit).toEqual([{ action: 'sysUser.update' }]);
  });

  it("refuses an administrator's reset of their own password, of an unknown account, and without sysUser.update", async () => {
    const own = await resetBy(admin.auth, { id: admin.id, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ reason: 'ownAccountPassword' });
    expect(
      (
        await resetBy(admin.auth, {
          id: '00000000-0000-4000-8000-000000000000',
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(404);
    const applicant = await createLoggedInUser(t, 'uapr');
    const target = await createLoggedInUser(t, 'utgt');
    expect((await resetBy(applicant.auth, { id: target.id, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: await sessionFor(t, target.id) })).json()).not.toMatchObject({
      data: { mustChangePassword: true },
    });
  });
});

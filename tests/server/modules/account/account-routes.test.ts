import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhoneUser, INFO_URL, loginAttempt, sessionFor } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const CHANGE_URL = '/api/sys/user/change-password';
const SECURITY_URL = '/api/sys/app/user/settings/security';
const NEW_PASSWORD = 'Chg-passw0rd!';

describe('change password, logout and the security summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const info = (auth: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: INFO_URL, headers: auth }).then((response) => response.statusCode);

  it('refuses a wrong old password with 400 on oldPassword', async () => {
    const user = await createPhoneUser(t, 'chg');
    const auth = await sessionFor(t, user.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: 'wrong', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      reason: 'oldPasswordWrong',
      errors: [{ path: 'oldPassword', message: '原密码错误' }],
    });
  });

  it('applies the policy, the match and "not the same as before" on their fields', async () => {
    const user = await createPhoneUser(t, 'chp');
    const auth = await sessionFor(t, user.id);
    const weak = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: user.password, newPassword: 'short', confirmPassword: 'other' },
    });
    expect(weak.json<{ errors: { path: string }[] }>().errors.map((error) => error.path)).toEqual([
      'newPassword',
      'newPassword',
      'confirmPassword',
    ]);
    const same = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
    });
    expect(same.json()).toMatchObject({ errors: [{ path: 'newPassword', message: '新密码不能与原密码相同' }] });
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const user = await createPhoneUser(t, 'chs');
    const mine = await sessionFor(t, user.id);
    const other = await sessionFor(t, user.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: mine,
      payload: { oldPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '密码修改成功' });
    expect(await info(mine)).toBe(200);
    expect(await info(other)).toBe(401);
    expect((await loginAttempt(t, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await loginAttempt(t, { username: user.username, password: user.password })).statusCode).toBe(401);
  });

  it.each(['/api/oauth/logout', '/api/sys/user/logout'])('%s revokes the current token only and clears the cookie copy', async (url) => {
    const user = await createPhoneUser(t, 'out');
    const mine = await sessionFor(t, user.id);
    const other = await sessionFor(t, user.id);
    const response = await t.app.inject({ method: 'POST', url, headers: mine });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '退出成功' });
    expect(String(response.headers['set-cookie'])).toMatch(/^Access-Token=; Path=\/; Max-Age=0; SameSite=Lax/);
    expect(await info(mine)).toBe(401);
    expect(await info(other)).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, headers: mine })).statusCode).toBe(401);
  });

  it('summarises the account security with the phone and e-mail masked', async () => {
    const user = await createPhoneUser(t, 'sec');
    const auth = await sessionFor(t, user.id);
    await sessionFor(t, user.id);
    const response = await t.app.inject({ method: 'POST', url: SECURITY_URL, headers: auth });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Record<string, unknown> }>().data;
    expect(data).toEqual({
      username: user.username,
      passwordChangedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      phone: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`,
      email: `${user.username.slice(0, 1)}***@example.com`,
      activeSessions: 2,
      ssoBound: false,
    });
    expect(response.body).not.toContain(user.phone);
    expect((await t.app.inject({ method: 'POST', url: SECURITY_URL })).statusCode).toBe(401);
  });
});

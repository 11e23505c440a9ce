import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHistory, users } from '../../../../src/server/db/schema';
import { hashPassword } from '../../../../src/server/lib/password';
import {
  PASSWORD_HISTORY_DEPTH,
  isRecentPassword,
  rememberReplacedPassword,
} from '../../../../src/server/services/passwords/password-history';
import { createPhoneUser, freshIp, lastSmsCode, loginAttempt, sendSms } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, login } from '../../helpers/test-users';

/**
 * SECURITY R01: none of the last five passwords comes back, wherever the owner sets one (account
 * settings, the SMS reset, the change a first login owes); an administrator's reset is not held to it
 * but its password still becomes history. ADR 0063.
 */
const CHANGE_URL = '/api/sys/user/change-password';
const RESET_URL = '/api/oauth/resetPassword';
const ADMIN_RESET_URL = '/api/sys/user/reset-password';
const REUSED_ZH = '新密码不能与最近 5 次使用过的密码相同';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function change(token: string, oldPassword: string, newPassword: string, locale = 'zh-CN'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: CHANGE_URL,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
    payload: { oldPassword, newPassword, confirmPassword: newPassword },
  });
}

const fieldErrors = (response: LightMyRequestResponse) =>
  response.json<{ errors?: { path: string; keyword: string; message: string }[] }>().errors ?? [];

describe('password history (SECURITY R01)', () => {
  it('refuses a return to an earlier password in account settings, on the new-password field, in both languages', async () => {
    const user = await createLoggedInUser(t, 'hist');
    const second = 'Kj$w-2025-second';
    expect((await change(user.token, user.password, second)).statusCode).toBe(200);
    const back = await change(user.token, second, user.password);
    expect(back.statusCode).toBe(400);
    expect(fieldErrors(back)).toEqual([{ path: 'newPassword', keyword: 'passwordReused', params: {}, message: REUSED_ZH }]);
    const english = await change(user.token, second, user.password, 'en-US');
    expect(fieldErrors(english)[0]?.message).toBe('The new password must not be one of your last 5 passwords');
    // The current one still has its own words.
    expect(fieldErrors(await change(user.token, second, second))[0]?.keyword).toBe('passwordSameAsOld');
    // Nothing changed: the second password still logs in.
    await expect(login(t.app, user.username, second)).resolves.toEqual(expect.any(String));
  });

  it('keeps the four passwords before the current one, so the sixth-last may come back', async () => {
    const user = await createLoggedInUser(t, 'depth');
    const passwords = [user.password, ...[1, 2, 3, 4, 5].map((n) => `Kj$w-depth-${n}`)];
    // Five changes, straight through the store (the route's own limit is five a minute).
    for (const next of passwords.slice(1)) {
      await t.db.transaction(async (tx) => {
        await rememberReplacedPassword(tx, user.id, t.clock.now());
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(next) })
          .where(eq(users.id, user.id));
      });
    }
    expect(await t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.id))).toHaveLength(PASSWORD_HISTORY_DEPTH - 1);
    // The current one and the four before it are recent; the first one has dropped out.
    for (const recent of passwords.slice(1)) expect(await isRecentPassword(t.db, user.id, recent)).toBe(true);
    expect(await isRecentPassword(t.db, user.id, passwords[0] ?? '')).toBe(false);
    const token = await login(t.app, user.username, passwords[5] ?? '');
    expect(fieldErrors(await change(token, passwords[5] ?? '', passwords[2] ?? ''))[0]?.keyword).toBe('passwordReused');
    expect((await change(token, passwords[5] ?? '', passwords[0] ?? '')).statusCode).toBe(200);
  });

  it('refuses an earlier password at the SMS reset, once the code has proved the phone', async () => {
    const user = await createPhoneUser(t, 'smshist');
    const reset = async (password: string) => {
      // One code a minute per phone.
      t.clock.advance(61_000);
      expect((await sendSms(t, user.phone, 'resetPassword')).statusCode).toBe(200);
      const smsCode = (await lastSmsCode(t, user.phone)) ?? '';
      return t.app.inject({
        method: 'POST',
        url: RESET_URL,
        remoteAddress: freshIp(),
        payload: { phone: user.phone, smsCode, password, confirmPassword: password },
      });
    };
    const refused = await reset(user.password);
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual([{ path: 'password', keyword: 'passwordReused', params: {}, message: REUSED_ZH }]);
    // A wrong code says nothing about the password history: the code is checked first.
    const guessed = await t.app.inject({
      method: 'POST',
      url: RESET_URL,
      remoteAddress: freshIp(),
      payload: { phone: user.phone, smsCode: '000000', password: user.password, confirmPassword: user.password },
    });
    expect(fieldErrors(guessed).map((error) => error.keyword)).toEqual(['smsCode']);
    expect((await reset('Kj$w-sms-fresh-1')).statusCode).toBe(200);
    expect((await loginAttempt(t, { username: user.username, password: 'Kj$w-sms-fresh-1' })).statusCode).toBe(200);
  });

  it("holds the first-login change to the history, while the administrator's reset is not held to it", async () => {
    const admin = await createLoggedInUser(t, 'adm', 'admin');
    const owner = await createLoggedInUser(t, 'owner');
    const ownersOwn = 'Kj$w-owner-own-1';
    expect((await change(owner.token, owner.password, ownersOwn)).statusCode).toBe(200);
    const adminReset = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: ADMIN_RESET_URL,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { id: owner.id, password, confirmPassword: password },
      });
    // The administrator may even hand back one of the owner's old passwords…
    expect((await adminReset(owner.password)).statusCode).toBe(200);
    expect((await adminReset('Kj$w-staff-chose-1')).statusCode).toBe(200);
    // …but the owner, made to change it at the next login, may not pick a recent one.
    const token = await login(t.app, owner.username, 'Kj$w-staff-chose-1');
    const reused = await change(token, 'Kj$w-staff-chose-1', ownersOwn);
    expect(fieldErrors(reused)).toEqual([{ path: 'newPassword', keyword: 'passwordReused', params: {}, message: REUSED_ZH }]);
    expect((await change(token, 'Kj$w-staff-chose-1', 'Kj$w-owner-own-2')).statusCode).toBe(200);
  });
});

describe('password expiry (PASSWORD_MAX_AGE_DAYS, SECURITY R01)', () => {
  let expiring: TestApp;
  beforeAll(async () => {
    expiring = await createTestApp({ passwordMaxAgeDays: 90, shareDatabaseOf: t });
  });
  afterAll(async () => expiring.close());

  const ageDays = async (userId: string, days: number) =>
    t.db
      .update(users)
      .set({ passwordChangedAt: new Date(expiring.clock.now().getTime() - days * 86_400_000) })
      .where(eq(users.id, userId));

  it('lets a login with a password older than 90 days in, to change it first, and says why', async () => {
    const user = await createLoggedInUser(expiring, 'old');
    await ageDays(user.id, 91);
    const token = await login(expiring.app, user.username, user.password);
    const auth = { authorization: `Bearer ${token}` };
    const info = await expiring.app.inject({ method: 'GET', url: '/api/integrity/app/user/settings/info', headers: auth });
    expect(info.json()).toMatchObject({ data: { mustChangePassword: true, passwordExpired: true } });
    // The session held before the login expires just the same: it is judged at each request.
    const elsewhere = await expiring.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: user.auth });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ code: 403, msg: '密码已过期，请修改密码', reason: 'passwordChangeRequired' });
    const english = await expiring.app.inject({
      method: 'POST',
      url: '/api/sys/app/user/settings/security',
      headers: { ...auth, 'accept-language': 'en-US' },
    });
    expect(english.json()).toMatchObject({ msg: 'Your password has expired; please change it', reason: 'passwordChangeRequired' });
    // The change is held to the history too, then everything opens.
    const same = await expiring.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
    });
    expect(same.statusCode).toBe(400);
    const changed = await expiring.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: auth,
      payload: { oldPassword: user.password, newPassword: 'Kj$w-renewed-1', confirmPassword: 'Kj$w-renewed-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await expiring.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: auth })).statusCode).toBe(200);
    const after = await expiring.app.inject({ method: 'GET', url: '/api/integrity/app/user/settings/info', headers: auth });
    expect(after.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('passwordExpired');
  });

  it('leaves a password of 89 days alone, and expires nothing where the setting is unset', async () => {
    const user = await createLoggedInUser(expiring, 'young');
    await ageDays(user.id, 89);
    expect((await expiring.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: user.auth })).statusCode).toBe(
      200,
    );
    await ageDays(user.id, 3650);
    // The app without PASSWORD_MAX_AGE_DAYS, on the same database.
    expect((await t.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: user.auth })).statusCode).toBe(200);
    expect((await expiring.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: user.auth })).statusCode).toBe(
      403,
    );
  });
});

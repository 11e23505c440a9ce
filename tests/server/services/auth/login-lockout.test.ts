import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MS } from '../../../../src/server/services/auth/login-lockout';
import { createPhoneUser, freshIp, INFO_URL, loginAttempt, type PhoneUser } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const GENERIC_401 = { code: 401, msg: '用户名或密码错误', reason: 'invalidCredentials' };

describe('login lockout (SECURITY R03): 5 failures in 15 minutes lock for 30 minutes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Five wrong passwords: three bare, then two with the captcha the third failure makes necessary. */
  async function failFiveTimes(username: string, url?: string): Promise<string[]> {
    const bodies: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await loginAttempt(t, { username, password: `wrong-${index}`, withCaptcha: index >= 3, ...(url ? { url } : {}) });
      expect(response.statusCode).toBe(401);
      bodies.push(response.body);
    }
    return bodies;
  }

  it('locks after 5 failures, refuses the right password while locked, and lets it in after 30 minutes', async () => {
    const user = await createPhoneUser(t, 'lock');
    await failFiveTimes(user.username);

    const locked = await loginAttempt(t, { username: user.username, password: user.password, withCaptcha: true });
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(GENERIC_401);
    expect(locked.body).not.toContain('token');
    expect(locked.headers['set-cookie']).toBeUndefined();

    t.clock.advance(29 * 60_000);
    const stillLocked = await loginAttempt(t, { username: user.username, password: user.password, withCaptcha: true });
    expect(stillLocked.statusCode).toBe(401);
    expect(stillLocked.json()).toEqual(GENERIC_401);

    t.clock.advance(LOGIN_LOCK_MS - 29 * 60_000 + 60_000);
    const unlocked = await loginAttempt(t, { username: user.username, password: user.password });
    expect(unlocked.statusCode).toBe(200);
    const token = unlocked.json<{ success: boolean; code: number; result: { token: string } }>().result.token;
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('answers an unknown user, a wrong password and a locked account with byte-identical responses', async () => {
    const user = await createPhoneUser(t, 'same');
    const knownBodies = await failFiveTimes(user.username);
    const unknownBodies = await failFiveTimes('no_such_user_here');
    expect(unknownBodies).toEqual(knownBodies);

    const locked = await loginAttempt(t, { username: user.username, password: user.password, withCaptcha: true });
    const lockedUnknown = await loginAttempt(t, { username: 'no_such_user_here', password: user.password, withCaptcha: true });
    const otherUser = await createPhoneUser(t, 'wrong');
    const wrong = await loginAttempt(t, { username: otherUser.username, password: 'not-it' });
    for (const response of [locked, lockedUnknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(JSON.stringify(GENERIC_401));
    }
    // The captcha rule follows the name typed, known or not, so it betrays nothing either.
    const bareKnown = await loginAttempt(t, { username: user.username, password: user.password });
    const bareUnknown = await loginAttempt(t, { username: 'no_such_user_here', password: user.password });
    expect(bareKnown.statusCode).toBe(400);
    expect(bareKnown.body).toBe(bareUnknown.body);
  });

  it('counts failures on /sys/user/login and /oauth/login together, case-insensitively', async () => {
    const user = await createPhoneUser(t, 'both');
    for (let index = 0; index < 3; index += 1) {
      await loginAttempt(t, { username: user.username.toUpperCase(), password: 'bad', url: '/api/sys/user/login' });
    }
    await loginAttempt(t, { username: user.username, password: 'bad', withCaptcha: true });
    await loginAttempt(t, { username: user.username, password: 'bad', withCaptcha: true, url: '/api/sys/user/login' });
    const locked = await loginAttempt(t, {
      username: user.username,
      password: user.password,
      withCaptcha: true,
      url: '/api/sys/user/login',
    });
    expect(locked.json()).toEqual(GENERIC_401);
    t.clock.advance(LOGIN_LOCK_MS + 1_000);
  });

  it('forgets failures older than 15 minutes, and a success resets the count', async () => {
    const user = await createPhoneUser(t, 'window');
    for (let index = 0; index < 2; index += 1) await loginAttempt(t, { username: user.username, password: 'bad' });
    t.clock.advance(15 * 60_000 + 1_000);
    for (let index = 0; index < 2; index += 1)
      expect((await loginAttempt(t, { username: user.username, password: 'bad' })).statusCode).toBe(401);
    expect((await loginAttempt(t, { username: user.username, password: user.password })).statusCode).toBe(200);
    for (let index = 0; index < 3; index += 1)
      expect((await loginAttempt(t, { username: user.username, password: 'bad' })).statusCode).toBe(401);
  });

  it('validates code: it must be "2" (spec §3)', async () => {
    const user: PhoneUser = await createPhoneUser(t, 'code');
    for (const code of ['1', '', undefined]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/login',
        remoteAddress: freshIp(),
        payload: { username: user.username, password: user.password, code },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('code');
    }
  });
});

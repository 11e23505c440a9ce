import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblemMessage } from '../../../../src/shared/rules/password-policy';
import { createPhoneUser, freshIp, freshPhone, lastSmsCode, loginAttempt, sendSms, sessionFor } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { expectRefusedOn, LONG_PASSWORD, STRONG_PASSWORD, WEAK_PASSWORDS } from '../../helpers/weak-passwords';

const CHANGE_URL = '/api/sys/user/change-password';
const REGISTER_URL = '/api/oauth/register';
const RESET_URL = '/api/oauth/resetPassword';

/** SECURITY R01 wherever a user sets their own password: the change, the registration and the SMS reset. */
describe('the password policy on every route that sets a password (SECURITY R01)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  let counter = 0;
  function newcomer() {
    counter += 1;
    return { username: `policy${counter}${Date.now() % 100_000}`, phone: freshPhone(), email: `policy${counter}@example.com` };
  }

  const change = (auth: { authorization: string }, oldPassword: string, password: string, language = 'zh-CN') =>
    t.app.inject({
      method: 'PUT',
      url: CHANGE_URL,
      headers: { ...auth, 'accept-language': language },
      payload: { oldPassword, newPassword: password, confirmPassword: password },
    });
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: REGISTER_URL, remoteAddress: freshIp(), payload });
  const reset = (phone: string, smsCode: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: RESET_URL,
      remoteAddress: freshIp(),
      payload: { phone, smsCode, password, confirmPassword: password },
    });

  describe('PUT /sys/user/change-password', () => {
    it.each(WEAK_PASSWORDS)('refuses $name with 400 on newPassword', async ({ password, problem }) => {
      const user = await createPhoneUser(t, 'pol');
      expectRefusedOn(await change(await sessionFor(t, user.id), user.password, password(user.username)), 'newPassword', problem);
      // Refused means unchanged: the old password still logs in.
      expect((await loginAttempt(t, { username: user.username, password: user.password })).statusCode).toBe(200);
    });

    it(`accepts ${STRONG_PASSWORD}`, async () => {
      const user = await createPhoneUser(t, 'pok');
      expect((await change(await sessionFor(t, user.id), user.password, STRONG_PASSWORD)).statusCode).toBe(200);
      expect((await loginAttempt(t, { username: user.username, password: STRONG_PASSWORD })).statusCode).toBe(200);
    });

    it('words the list and the context words in English too', async () => {
      const user = await createPhoneUser(t, 'pen');
      const auth = await sessionFor(t, user.id);
      const common = await change(auth, user.password, 'Password123!', 'en-US');
      expect(common.json()).toMatchObject({
        errors: [{ path: 'newPassword', message: passwordProblemMessage('commonPassword', 'en-US') }],
      });
      const context = await change(auth, user.password, 'Jiangcheng#2026', 'en-US');
      expect(context.json()).toMatchObject({
        errors: [{ path: 'newPassword', message: passwordProblemMessage('containsContextWord', 'en-US') }],
      });
    });

    it('keeps a 64-character password whole: it logs in, and its first 63 characters do not', async () => {
      const user = await createPhoneUser(t, 'plong');
      expect(LONG_PASSWORD).toHaveLength(64);
      expect((await change(await sessionFor(t, user.id), user.password, LONG_PASSWORD)).statusCode).toBe(200);
      expect((await loginAttempt(t, { username: user.username, password: LONG_PASSWORD })).statusCode).toBe(200);
      expect((await loginAttempt(t, { username: user.username, password: LONG_PASSWORD.slice(0, 63) })).statusCode).toBe(401);
    });
  });

  describe('POST /oauth/register', () => {
    // The policy comes before the SMS code, so a refused password spends no code.
    it.each(WEAK_PASSWORDS)('refuses $name with 400 on password', async ({ password, problem }) => {
      const person = newcomer();
      const chosen = password(person.username);
      expectRefusedOn(await register({ ...person, password: chosen, confirmPassword: chosen, smsCode: '123456' }), 'password', problem);
    });

    it(`accepts ${STRONG_PASSWORD}`, async () => {
      const person = newcomer();
      expect((await sendSms(t, person.phone, 'register')).statusCode).toBe(200);
      const smsCode = (await lastSmsCode(t, person.phone)) ?? '';
      const response = await register({ ...person, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, smsCode });
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe('POST /oauth/resetPassword', () => {
    it.each(WEAK_PASSWORDS.filter((entry) => entry.problem !== 'containsUsername'))(
      'refuses $name with 400 on password before the code is looked at',
      async ({ password, problem }) => {
        const user = await createPhoneUser(t, 'prs');
        expectRefusedOn(await reset(user.phone, '000000', password(user.username)), 'password', problem);
      },
    );

    it('refuses the username once the code names the account, and accepts a good password', async () => {
      const user = await createPhoneUser(t, 'prn');
      expect((await sendSms(t, user.phone, 'resetPassword')).statusCode).toBe(200);
      const code = (await lastSmsCode(t, user.phone)) ?? '';
      expectRefusedOn(await reset(user.phone, code, `${user.username}1A!`), 'password', 'containsUsername');
      const other = await createPhoneUser(t, 'prg');
      expect((await sendSms(t, other.phone, 'resetPassword')).statusCode).toBe(200);
      const response = await reset(other.phone, (await lastSmsCode(t, other.phone)) ?? '', STRONG_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      expect((await loginAttempt(t, { username: other.username, password: STRONG_PASSWORD })).statusCode).toBe(200);
    });
  });
});

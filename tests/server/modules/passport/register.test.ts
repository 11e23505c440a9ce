import { eq } from 'drizzle-orm';
import { openContact } from '../../../../src/server/services/users/user-contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../src/server/db/schema';
import { ACTIVATION_LIFETIME_MS } from '../../../../src/server/modules/passport/register-routes';
import { createPhoneUser, freshIp, freshPhone, lastMail, lastSmsCode, loginAttempt, sendSms } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const PASSWORD = 'Reg-passw0rd';

describe('POST /api/oauth/register and GET /api/oauth/activate (spec §5, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  let counter = 0;
  function newcomer() {
    counter += 1;
    return { username: `newbie${counter}${Date.now() % 100_000}`, phone: freshPhone(), email: `newbie${counter}@example.com` };
  }

  function register(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/oauth/register', remoteAddress: freshIp(), payload });
  }

  async function registerFully(person: ReturnType<typeof newcomer>): Promise<string> {
    expect((await sendSms(t, person.phone, 'register')).statusCode).toBe(200);
    const smsCode = (await lastSmsCode(t, person.phone)) ?? '';
    const response = await register({ ...person, password: PASSWORD, confirmPassword: PASSWORD, smsCode });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '注册成功，请在24小时内点击邮件中的链接激活账号' });
    const mail = (await lastMail(t, person.email)) ?? '';
    const token = /activate\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeDefined();
    return token ?? '';
  }

  const activate = (token: string) => t.app.inject({ method: 'GET', url: `/api/oauth/activate?token=${token}`, remoteAddress: freshIp() });

  it('puts each schema error on its field, in Chinese', async () => {
    const response = await register({ username: '1x', password: '', confirmPassword: 'x', phone: '123', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'username', message: '用户名须以字母开头，由4-32位字母、数字或下划线组成' }),
        expect.objectContaining({ path: 'phone', message: '请输入正确的手机号码' }),
        expect.objectContaining({ path: 'email', message: '请输入正确的邮箱地址' }),
        expect.objectContaining({ path: 'smsCode', message: '请输入验证码' }),
        expect.objectContaining({ path: 'password', message: '至少输入1个字符' }),
      ]),
    );
  });

  it('applies the password policy (8+, 3 of 4 classes, no username) and the match, on their fields', async () => {
    const person = newcomer();
    const weak = await register({ ...person, password: 'abc123', confirmPassword: 'abc124', smsCode: '123456' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'password', message: '密码至少8个字符' }),
      expect.objectContaining({ path: 'password', message: '密码须包含数字、小写字母、大写字母、特殊字符中的至少3类' }),
      // abc123 is on the common-password list as well (SECURITY R01).
      expect.objectContaining({ path: 'password', message: '该密码过于常见，容易被猜中，请换一个' }),
      expect.objectContaining({ path: 'confirmPassword', message: '两次输入的密码不一致' }),
    ]);
    const withName = `${person.username}A1`;
    expect((await register({ ...person, password: withName, confirmPassword: withName, smsCode: '123456' })).json()).toMatchObject({
      errors: [{ path: 'password', message: '密码不能包含用户名' }],
    });
  });

  it('requires the right SMS code', async () => {
    const person = newcomer();
    await sendSms(t, person.phone, 'register');
    const code = (await lastSmsCode(t, person.phone)) ?? '';
    const response = await register({
      ...person,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      smsCode: code === '000000' ? '111111' : '000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'smsCode' }] });
  });

  it('creates an inactive account that cannot log in until activated; activation works within 24 hours, once', async () => {
    const person = newcomer();
    const token = await registerFully(person);
    const rows = await t.db.select({ active: users.active, phone: users.phone }).from(users).where(eq(users.username, person.username));
    expect(rows[0]?.active).toBe(false);
    // Sealed at rest (ADR 0066), the number as typed once opened.
    expect(rows[0]?.phone).not.toBe(person.phone);
    expect(await openContact(t.db, rows[0]?.phone ?? null)).toBe(person.phone);
    const inactive = await loginAttempt(t, { username: person.username, password: PASSWORD });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ reason: 'accountInactive' });

    t.clock.advance(ACTIVATION_LIFETIME_MS - 60_000);
    const activated = await activate(token);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ code: 0, msg: '账号已激活，请登录' });
    expect((await loginAttempt(t, { username: person.username, password: PASSWORD })).statusCode).toBe(200);
    expect((await activate(token)).json()).toMatchObject({ reason: 'activationInvalid' });
  });

  it('refuses an activation link older than 24 hours with a clear message', async () => {
    const person = newcomer();
    const token = await registerFully(person);
    t.clock.advance(ACTIVATION_LIFETIME_MS + 1_000);
    const expired = await activate(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 400, msg: '激活链接已过期（有效期24小时），请重新注册', reason: 'activationExpired' });
  });

  it('refuses a taken username (case-insensitively) and a taken phone with 409 on the field', async () => {
    const existing = await createPhoneUser(t, 'taken');
    const person = newcomer();
    const byName = await register({
      ...person,
      username: existing.username.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      smsCode: '123456',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ errors: [{ path: 'username', message: '该用户名已被注册' }] });

    await sendSms(t, existing.phone, 'register');
    const byPhone = await register({
      ...person,
      phone: existing.phone,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      smsCode: (await lastSmsCode(t, existing.phone)) ?? '',
    });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toMatchObject({ errors: [{ path: 'phone', message: '该手机号已被注册' }] });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes, users } from '../../../../src/server/db/schema';
import { smsPhoneKey } from '../../../../src/server/modules/passport/sms-code-store';
import {
  createPhoneUser,
  freshIp,
  freshPhone,
  INFO_URL,
  lastSmsCode,
  loginAttempt,
  sendSms,
  sessionFor,
  smsCount,
} from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const RESET_URL = '/api/oauth/resetPassword';
const NEW_PASSWORD = 'Nw-passw0rd!';

describe('SMS codes and the password reset (SECURITY R05)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  function reset(phone: string, smsCode: string, password = NEW_PASSWORD, confirmPassword = password) {
    return t.app.inject({
      method: 'POST',
      url: RESET_URL,
      remoteAddress: freshIp(),
      payload: { phone, smsCode, password, confirmPassword },
    });
  }

  it('sends a 6-digit code through the development outbox, stores only its hash, and resets the password', async () => {
    const user = await createPhoneUser(t, 'sms');
    const sent = await sendSms(t, user.phone, 'resetPassword');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      code: 0,
      msg: '验证码已发送，5分钟内有效',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const code = await lastSmsCode(t, user.phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.body).not.toContain(code ?? 'x');
    // Keyed by the phone's blind index (ADR 0066): neither the code nor the number is in the table.
    const stored = await t.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, smsPhoneKey(t.db, user.phone)));
    expect(stored[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(`"${code ?? 'x'}"`);
    expect(JSON.stringify(await t.db.select().from(smsCodes))).not.toContain(user.phone);

    const response = await reset(user.phone, code ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '密码已重置，请使用新密码登录' });
    expect((await loginAttempt(t, { username: user.username, password: user.password })).statusCode).toBe(401);
    expect((await loginAttempt(t, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a reset revokes every session of the user', async () => {
    const user = await createPhoneUser(t, 'rev');
    const sessions = [await sessionFor(t, user.id), await sessionFor(t, user.id)];
    for (const auth of sessions) expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).statusCode).toBe(200);
    await sendSms(t, user.phone, 'resetPassword');
    expect((await reset(user.phone, (await lastSmsCode(t, user.phone)) ?? '')).statusCode).toBe(200);
    for (const auth of sessions) expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).statusCode).toBe(401);
  });

  it('a code works once', async () => {
    const user = await createPhoneUser(t, 'once');
    await sendSms(t, user.phone, 'resetPassword');
    const code = (await lastSmsCode(t, user.phone)) ?? '';
    expect((await reset(user.phone, code)).statusCode).toBe(200);
    const again = await reset(user.phone, code, 'An0ther-pass!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      reason: 'smsCodeInvalid',
      errors: [{ path: 'smsCode', message: '短信验证码错误或已失效，请重新获取' }],
    });
  });

  it('a code expires after 5 minutes', async () => {
    const user = await createPhoneUser(t, 'exp');
    await sendSms(t, user.phone, 'resetPassword');
    const code = (await lastSmsCode(t, user.phone)) ?? '';
    t.clock.advance(5 * 60_000 + 1);
    expect((await reset(user.phone, code)).json()).toMatchObject({ reason: 'smsCodeInvalid' });
  });

  it('5 wrong tries burn the code: the right one then fails too', async () => {
    const user = await createPhoneUser(t, 'burn');
    await sendSms(t, user.phone, 'resetPassword');
    const code = (await lastSmsCode(t, user.phone)) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let index = 0; index < 5; index += 1) expect((await reset(user.phone, wrong)).statusCode).toBe(400);
    expect((await reset(user.phone, code)).json()).toMatchObject({ reason: 'smsCodeInvalid' });
  });

  it('a registration code cannot reset a password', async () => {
    const user = await createPhoneUser(t, 'purp');
    await sendSms(t, user.phone, 'register');
    expect((await reset(user.phone, (await lastSmsCode(t, user.phone)) ?? '')).json()).toMatchObject({ reason: 'smsCodeInvalid' });
  });

  it('sends at most once a minute per phone: 429 with Retry-After', async () => {
    const user = await createPhoneUser(t, 'rate');
    expect((await sendSms(t, user.phone, 'resetPassword')).statusCode).toBe(200);
    t.clock.advance(30_000);
    const second = await sendSms(t, user.phone, 'resetPassword');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('30');
    expect(second.json()).toMatchObject({ code: 429, reason: 'smsTooFrequent', msg: '验证码发送过于频繁，请稍后再试' });
    expect(await smsCount(t, user.phone)).toBe(1);
    t.clock.advance(30_000);
    expect((await sendSms(t, user.phone, 'resetPassword')).statusCode).toBe(200);
    expect(await smsCount(t, user.phone)).toBe(2);
  });

  it('answers the same for a phone with no account, sends nothing, and applies the same 60 s rule', async () => {
    const user = await createPhoneUser(t, 'enum');
    const nobody = freshPhone();
    const known = await sendSms(t, user.phone, 'resetPassword');
    const unknown = await sendSms(t, nobody, 'resetPassword');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await smsCount(t, nobody)).toBe(0);
    const knownAgain = await sendSms(t, user.phone, 'resetPassword');
    const unknownAgain = await sendSms(t, nobody, 'resetPassword');
    expect([knownAgain.statusCode, unknownAgain.statusCode]).toEqual([429, 429]);
    expect(unknownAgain.body).toBe(knownAgain.body);
    // Guessing a code for the phone with no account gets the ordinary wrong-code answer.
    expect((await reset(nobody, '123456')).json()).toMatchObject({ reason: 'smsCodeInvalid' });
  });

  it('checks the password policy and the match before spending the code', async () => {
    const user = await createPhoneUser(t, 'pol');
    await sendSms(t, user.phone, 'resetPassword');
    const code = (await lastSmsCode(t, user.phone)) ?? '';
    const weak = await reset(user.phone, code, 'abcdef', 'abcdeg');
    expect(weak.statusCode).toBe(400);
    const errors = weak.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'password', message: '密码至少8个字符' }),
        expect.objectContaining({ path: 'password', message: '密码须包含数字、小写字母、大写字母、特殊字符中的至少3类' }),
        expect.objectContaining({ path: 'confirmPassword', message: '两次输入的密码不一致' }),
      ]),
    );
    expect((await reset(user.phone, code)).statusCode).toBe(200);
    const rows = await t.db.select({ changed: users.passwordChangedAt }).from(users).where(eq(users.id, user.id));
    expect(rows[0]?.changed).toBeInstanceOf(Date);
  });

  it('validates the request: phone format and a 6-digit code, in Chinese', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/sendSms',
      remoteAddress: freshIp(),
      payload: { phone: '12345', purpose: 'resetPassword' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'phone', message: '请输入正确的手机号码' }] });
    const missing = await t.app.inject({
      method: 'POST',
      url: RESET_URL,
      remoteAddress: freshIp(),
      payload: { phone: '13800000009', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(missing.json()).toMatchObject({ errors: [{ path: 'smsCode', message: '请输入验证码' }] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCaptchas } from '../../../../src/server/db/schema';
import { sha256Hex } from '../../../../src/server/lib/sha256';
import { createPhoneUser, fetchLoginCaptcha, freshIp, loginAttempt } from '../../helpers/passport-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';

describe('GET /api/oauth/loginCode and the login captcha (SECURITY R04)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  function login(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/oauth/login', remoteAddress: freshIp(), payload: { code: '2', ...payload } });
  }

  it('is anonymous, answers {success, data: {captchaId, image}} and keeps only hashes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/oauth/loginCode' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; code: number; data: { captchaId: string; image: string } }>();
    expect(body).toMatchObject({ success: true, code: 0 });
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const everything = `${response.body}\n${JSON.stringify(response.headers)}`.toLowerCase();
    expect(everything).not.toContain(TEST_CAPTCHA.toLowerCase());
    const rows = await t.db.select().from(loginCaptchas);
    expect(rows.map((row) => row.idHash)).toContain(sha256Hex(body.data.captchaId));
    expect(rows.map((row) => row.idHash)).not.toContain(body.data.captchaId);
  });

  it('is single-use: a replay of the same id and answer is refused, whatever the first result', async () => {
    const user = await createPhoneUser(t, 'cap');
    const captchaId = await fetchLoginCaptcha(t);
    const first = await login({ username: user.username, password: 'wrong-one', captchaId, captcha: TEST_CAPTCHA.toLowerCase() });
    expect(first.statusCode).toBe(401);
    const replay = await login({ username: user.username, password: user.password, captchaId, captcha: TEST_CAPTCHA });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 400, msg: '验证码错误', reason: 'captchaInvalid', errors: [{ path: 'captcha' }] });
  });

  it('a wrong answer is refused before the password is looked at, and spends the captcha', async () => {
    const user = await createPhoneUser(t, 'capw');
    const captchaId = await fetchLoginCaptcha(t);
    const wrong = await login({ username: user.username, password: user.password, captchaId, captcha: 'nope' });
    expect(wrong.json()).toMatchObject({ reason: 'captchaInvalid' });
    expect((await login({ username: user.username, password: user.password, captchaId, captcha: TEST_CAPTCHA })).json()).toMatchObject({
      reason: 'captchaInvalid',
    });
  });

  it('expires after 5 minutes', async () => {
    const user = await createPhoneUser(t, 'cape');
    const captchaId = await fetchLoginCaptcha(t);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await login({ username: user.username, password: user.password, captchaId, captcha: TEST_CAPTCHA });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ reason: 'captchaExpired', msg: '验证码已过期，请点击图片刷新' });
  });

  it('is required from the third failure on (captchaRequired), then lets the right password in', async () => {
    const user = await createPhoneUser(t, 'capr');
    for (let index = 0; index < 3; index += 1)
      expect((await loginAttempt(t, { username: user.username, password: 'bad' })).statusCode).toBe(401);
    const bare = await loginAttempt(t, { username: user.username, password: user.password });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      msg: '请输入验证码',
      reason: 'captchaRequired',
      errors: [{ path: 'captcha', message: '请输入验证码' }],
    });
    expect((await loginAttempt(t, { username: user.username, password: user.password, withCaptcha: true })).statusCode).toBe(200);
  });

  it('issues at most 60 captchas a minute per IP (429)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/oauth/loginCode', remoteAddress: ip })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('speaks English when asked', async () => {
    const captchaId = await fetchLoginCaptcha(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/login',
      remoteAddress: freshIp(),
      headers: { 'accept-language': 'en-US' },
      payload: { code: '2', username: 'x', password: 'y', captchaId, captcha: 'bad' },
    });
    expect(response.json()).toMatchObject({ msg: 'Incorrect verification code' });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_LIFETIME_MS } from '../../../../src/shared/constants';
import { captchas, messages } from '../../../../src/server/db/schema';
import { expectFieldError, fetchCaptcha, postMessage, storedMessageCount, validMessage } from '../../helpers/message-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

describe('POST /api/sys/person/message/create', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function userWithCaptcha(): Promise<TestUser> {
    const user = await createLoggedInUser(t, 'msg');
    await fetchCaptcha(t, user);
    return user;
  }

  it('stores a valid message without its captcha, with the schema id and version', async () => {
    const user = await userWithCaptcha();
    const response = await postMessage(t, user, validMessage({ code: TEST_CAPTCHA.toLowerCase() }));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ code: number; msg: string; data: { id: string } }>();
    expect(body).toMatchObject({ code: 0, msg: '留言成功' });
    const rows = await t.db.select().from(messages).where(eq(messages.id, body.data.id));
    expect(rows).toHaveLength(1);
    const { code: _code, ...expected } = validMessage();
    expect(rows[0]?.data).toEqual(expected);
    expect(rows[0]?.userId).toBe(user.id);
    expect(rows[0]?.schemaId).toBe('https://schemas.kechuang.local/forms/message.schema.json');
    expect(rows[0]?.schemaVersion).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a message without the optional email and content', async () => {
    const user = await userWithCaptcha();
    const { email: _email, content: _content, ...required } = validMessage();
    expect((await postMessage(t, user, required)).statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401 and stores nothing', async () => {
    const before = (await t.db.select({ id: messages.id }).from(messages)).length;
    const response = await postMessage(t, undefined, validMessage());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
    expect((await t.db.select({ id: messages.id }).from(messages)).length).toBe(before);
  });

  it('refuses a revoked or made-up token with the same 401', async () => {
    const response = await postMessage(t, undefined, validMessage(), { authorization: `Bearer ${'A'.repeat(43)}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('a missing field: 400 with 请输入 on it, nothing stored, captcha not spent', async () => {
    const user = await userWithCaptcha();
    const { theme: _theme, ...payload } = validMessage();
    const error = expectFieldError(await postMessage(t, user, payload), 400, 'theme', 'required');
    expect(error.message).toBe('请输入');
    expect(await storedMessageCount(t, user.id)).toBe(0);
    // Malformed input never reaches the captcha check, so the user can correct and resubmit.
    expect((await postMessage(t, user, validMessage())).statusCode).toBe(200);
  });

  it('a missing choice field says 请选择', async () => {
    const user = await userWithCaptcha();
    const { messageType: _type, ...payload } = validMessage();
    expect(expectFieldError(await postMessage(t, user, payload), 400, 'messageType', 'required').message).toBe('请选择');
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('an emptied field counts as missing, as in the browser, and an empty optional field is not stored', async () => {
    const user = await userWithCaptcha();
    expect(expectFieldError(await postMessage(t, user, validMessage({ name: '', email: null })), 400, 'name', 'required').message).toBe(
      '请输入',
    );
    expect(await storedMessageCount(t, user.id)).toBe(0);
    expect((await postMessage(t, user, validMessage({ email: '' }))).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'POST', url: '/api/sys/person/message/queryMyMessageList', headers: user.auth, payload: {} });
    expect(list.json<{ data: { records: Record<string, unknown>[] } }>().data.records[0]).not.toHaveProperty('email');
  });

  it('a theme of 51 characters: 400 with 最多输入50个字符, nothing stored', async () => {
    const user = await userWithCaptcha();
    const error = expectFieldError(await postMessage(t, user, validMessage({ theme: '题'.repeat(51) })), 400, 'theme', 'maxLength');
    expect(error.message).toBe('最多输入50个字符');
    expect(await storedMessageCount(t, user.id)).toBe(0);
    // 50 is still fine.
    expect((await postMessage(t, user, validMessage({ theme: '题'.repeat(50) }))).statusCode).toBe(200);
  });

  it('a value outside the need_type dictionary: 400 x-dict on messageType, nothing stored', async () => {
    const user = await userWithCaptcha();
    const error = expectFieldError(await postMessage(t, user, validMessage({ messageType: '99' })), 400, 'messageType', 'x-dict');
    expect(error.message).toBe('请选择有效的选项');
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('an unknown field is rejected (400), not stripped', async () => {
    const user = await userWithCaptcha();
    const error = expectFieldError(await postMessage(t, user, validMessage({ isAdmin: true })), 400, 'isAdmin', 'additionalProperties');
    expect(error.message).toContain('isAdmin');
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('returns every field error in one 400, dictionary included', async () => {
    const user = await userWithCaptcha();
    const response = await postMessage(t, user, { messageType: 'nope', theme: 'x'.repeat(51), email: 'not-an-email', extra: 1 });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ msg: string; errors: { path: string; keyword: string }[] }>();
    expect(body.msg).toBe('提交的信息有误，请检查后重试');
    expect(body.errors.map((error) => `${error.path}:${error.keyword}`).sort()).toEqual(
      [
        'code:required',
        'email:format',
        'extra:additionalProperties',
        'messageType:x-dict',
        'name:required',
        'phone:required',
        'theme:maxLength',
      ].sort(),
    );
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('rejects a body that is not an object', async () => {
    const user = await userWithCaptcha();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/person/message/create',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('a wrong captcha: 400 captcha/invalid on code, nothing stored', async () => {
    const user = await userWithCaptcha();
    const error = expectFieldError(await postMessage(t, user, validMessage({ code: 'WRONG1' })), 400, 'code', 'captcha');
    expect(error.params).toEqual({ reason: 'invalid' });
    expect(error.message).toBe('验证码错误');
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('a wrong answer spends the captcha: the right answer afterwards fails too', async () => {
    const user = await userWithCaptcha();
    expect((await postMessage(t, user, validMessage({ code: 'WRONG1' }))).statusCode).toBe(400);
    expectFieldError(await postMessage(t, user, validMessage()), 400, 'code', 'captcha');
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('a captcha without a fetched captcha is invalid', async () => {
    const user = await createLoggedInUser(t, 'nocap');
    expect(expectFieldError(await postMessage(t, user, validMessage()), 400, 'code', 'captcha').params).toEqual({ reason: 'invalid' });
    expect(await storedMessageCount(t, user.id)).toBe(0);
  });

  it('a captcha reused: the second submit is refused and only the first is stored', async () => {
    const user = await userWithCaptcha();
    expect((await postMessage(t, user, validMessage())).statusCode).toBe(200);
    const error = expectFieldError(await postMessage(t, user, validMessage({ theme: '第二条' })), 400, 'code', 'captcha');
    expect(error.params).toEqual({ reason: 'invalid' });
    expect(await storedMessageCount(t, user.id)).toBe(1);
  });

  it('an expired captcha: 400 captcha/expired on code, nothing stored, and it is spent', async () => {
    const user = await userWithCaptcha();
    t.clock.advance(CAPTCHA_LIFETIME_MS + 1000);
    try {
      const error = expectFieldError(await postMessage(t, user, validMessage()), 400, 'code', 'captcha');
      expect(error.params).toEqual({ reason: 'expired' });
      expect(error.message).toBe('验证码已过期，请点击图片刷新');
    } finally {
      t.clock.advance(-(CAPTCHA_LIFETIME_MS + 1000));
    }
    expect(await storedMessageCount(t, user.id)).toBe(0);
    expect(await t.db.select().from(captchas).where(eq(captchas.userId, user.id))).toHaveLength(0);
  });

  it('a captcha just inside its five minutes still works', async () => {
    const user = await userWithCaptcha();
    t.clock.advance(CAPTCHA_LIFETIME_MS - 5000);
    try {
      expect((await postMessage(t, user, validMessage())).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(CAPTCHA_LIFETIME_MS - 5000));
    }
  });

  it('one user cannot spend another user’s captcha', async () => {
    const owner = await userWithCaptcha();
    const other = await createLoggedInUser(t, 'other');
    expectFieldError(await postMessage(t, other, validMessage()), 400, 'code', 'captcha');
    expect((await postMessage(t, owner, validMessage())).statusCode).toBe(200);
  });

  it('words field errors in English for Accept-Language: en-US', async () => {
    const user = await userWithCaptcha();
    const { theme: _theme, ...payload } = validMessage({ name: 'n'.repeat(31) });
    const response = await postMessage(t, user, payload, { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ msg: string; errors: { path: string; message: string }[] }>();
    expect(body.msg).toBe('Some of the information is invalid; please check it and try again');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'theme', message: 'Please enter' }),
        expect.objectContaining({ path: 'name', message: 'At most 30 characters' }),
      ]),
    );
  });
});

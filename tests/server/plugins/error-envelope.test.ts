import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

const LEAKS = /\bat .+:\d+|node_modules|stack|SELECT|relation|syntax error|FST_|pglite|drizzle/i;

describe('the error envelope', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createLoggedInUser(t, 'errors');
  });
  afterAll(() => t?.close());

  const create = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sys/person/message/create',
      headers: { ...user.auth, 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with 400 and a Chinese msg, no internals', async () => {
    const response = await create('{"theme": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '请求内容不是有效的 JSON' });
    expect(response.body).not.toMatch(LEAKS);
  });

  it('answers a non-JSON content type with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await create('theme=x', contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 415, msg: '不支持的请求内容类型，请使用 application/json' });
    }
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await create(JSON.stringify({ theme: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: '请求内容过大' });
  });

  it('answers an unknown API path with a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    }
  });

  it('words request-level errors in English for Accept-Language: en-US', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/integrity/app/user/settings/info',
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.json()).toEqual({ code: 401, msg: 'Please log in' });
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(notFound.json()).toEqual({ code: 404, msg: 'The requested resource does not exist' });
  });

  // Runs last: it breaks the database on purpose.
  it('answers an unexpected failure with a generic 500 and a request id, nothing else', async () => {
    await t.db.execute(sql`DROP TABLE messages`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/person/message/queryMyMessageList',
      headers: user.auth,
      payload: {},
    });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ code: number; msg: string; requestId: string }>();
    expect(Object.keys(body).sort()).toEqual(['code', 'msg', 'requestId']);
    expect(body).toMatchObject({ code: 500, msg: '服务器内部错误，请稍后重试' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toMatch(LEAKS);
  });
});

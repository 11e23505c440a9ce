import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../../src/shared/constants';
import { sessions, users } from '../../../../src/server/db/schema';
import { hashSessionToken } from '../../../../src/server/services/auth/session-token';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, login, reopenSession, type TestUser } from '../../helpers/test-users';

const INFO_URL = '/api/integrity/app/user/settings/info';

describe('login, logout and sessions', () => {
  let t: TestApp;
  let user: TestUser;
  const bodies: string[] = [];

  function loginAttempt(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/sys/user/login', payload }).then((response) => {
      bodies.push(response.body);
      return response;
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    user = await createLoggedInUser(t, 'auth');
  });
  afterAll(() => t?.close());

  it('answers a good login with the spec shape and a 43-character token', async () => {
    const response = await loginAttempt({ username: user.username, password: user.password, code: '2' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; code: number; msg: string; result: { token: string } }>();
    expect(body).toMatchObject({ success: true, code: 200, msg: '登录成功' });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('stores only the sha256 of a token, and each login gets a new one', async () => {
    const first = await login(t.app, user.username, user.password);
    const second = await login(t.app, user.username, user.password);
    expect(first).not.toBe(second);
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    const hashes = rows.map((row) => row.tokenHash);
    expect(hashes).toContain(hashSessionToken(first));
    expect(hashes).not.toContain(first);
  });

  it('answers a wrong password and an unknown user with the same generic 401', async () => {
    const wrongPassword = await loginAttempt({ username: user.username, password: 'wrong-password', code: '2' });
    const unknownUser = await loginAttempt({ username: 'nobody_here', password: user.password, code: '2' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, msg: '用户名或密码错误', reason: 'invalidCredentials' });
    }
    expect(wrongPassword.body).toBe(unknownUser.body);
  });

  it('validates the login body with a schema', async () => {
    const response = await loginAttempt({ username: user.username, code: '2' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { path: string; keyword: string; message: string }[] }>();
    expect(body.errors).toEqual([expect.objectContaining({ path: 'password', keyword: 'required', message: '请输入' })]);
    expect((await loginAttempt({ username: user.username, password: 'x', code: '2', role: 'admin' })).statusCode).toBe(400);
    expect((await loginAttempt({ username: ['a', 'b'], password: 'x' })).statusCode).toBe(400);
  });

  it('hashes passwords with argon2id (m=19456, t=2, p=1), salted per user', async () => {
    const other = await createLoggedInUser(t, 'same');
    const rows = await t.db.select({ id: users.id, hash: users.passwordHash }).from(users);
    const mine = rows.find((row) => row.id === user.id)?.hash ?? '';
    expect(mine).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows.find((row) => row.id === other.id)?.hash).not.toBe(mine);
  });

  it('returns the user info for a token, and 401 without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: INFO_URL, headers: user.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        fullname: '测试用户auth',
        headimgurl: '',
        username: user.username,
        unit: null,
        isSelect: 0,
        roles: [{ id: 'applicant', name: '申报人', nameEn: 'Applicant', permissions: [] }],
        session: { idleTimeoutMs: 30 * 60_000, expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: INFO_URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('reads only the Authorization header, never a cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: INFO_URL,
      headers: { cookie: `Access-Token=${user.token}; ACCESS_TOKEN=${user.token}` },
    });
    expect(response.statusCode).toBe(401);
    const wrongScheme = await t.app.inject({ method: 'GET', url: INFO_URL, headers: { authorization: `Token ${user.token}` } });
    expect(wrongScheme.statusCode).toBe(401);
  });

  it('gives the same 401 body for a missing, malformed or unknown token', async () => {
    const samples = await Promise.all(
      [{}, { authorization: 'Bearer abc' }, { authorization: `Bearer ${'x'.repeat(43)}` }].map((headers) =>
        t.app.inject({ method: 'GET', url: INFO_URL, headers }),
      ),
    );
    expect(new Set(samples.map((response) => `${response.statusCode} ${response.body}`))).toEqual(
      new Set(['401 {"code":401,"msg":"请先登录"}']),
    );
  });

  it('logout revokes the token on the server', async () => {
    const token = await login(t.app, user.username, user.password);
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/sys/user/logout', headers: auth, payload: {} });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ code: 0, msg: '退出成功' });
    const replay = await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 401, msg: '请先登录' });
    // Other sessions of the user live on.
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: user.auth })).statusCode).toBe(200);
  });

  it('logout tells the browser to drop the site’s cache, cookies and storage, on both logout routes (SECURITY R36)', async () => {
    for (const url of ['/api/sys/user/logout', '/api/oauth/logout']) {
      // A session opened directly: the login route's own limit (10 a minute) is spent by the tests above.
      const { auth } = await reopenSession(t, user);
      const logout = await t.app.inject({ method: 'POST', url, headers: auth, payload: {} });
      expect(logout.statusCode, url).toBe(200);
      expect(logout.headers['clear-site-data'], url).toBe('"cache", "cookies", "storage"');
    }
    // Only a logout that ended a session: a refused one (no session, a cross-site form post) would let anyone wipe a
    // visitor's storage.
    const refused = await t.app.inject({ method: 'POST', url: '/api/oauth/logout', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['clear-site-data']).toBeUndefined();
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/logout',
      headers: { ...user.auth, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.headers['clear-site-data']).toBeUndefined();
  });

  it('a token expires after 7 days (604800000 ms), however active', async () => {
    const token = await login(t.app, user.username, user.password);
    const auth = { authorization: `Bearer ${token}` };
    // A session in use all week: without this the 30-minute idle timeout (ADR 0008) would end it first.
    const keepActive = () =>
      t.db
        .update(sessions)
        .set({ lastSeenAt: t.clock.now() })
        .where(eq(sessions.tokenHash, hashSessionToken(token)));
    t.clock.advance(TOKEN_LIFETIME_MS - 60_000);
    try {
      await keepActive();
      expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).statusCode).toBe(200);
      t.clock.advance(60_001);
      await keepActive();
      const expired = await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ code: 401, msg: '登录已超时，请重新登录', reason: 'sessionIdleTimeout' });
    } finally {
      t.clock.advance(-(TOKEN_LIFETIME_MS + 1));
    }
  });

  it('never sends the password or its hash in any response', async () => {
    const rows = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const hash = rows[0]?.hash ?? '';
    for (const body of bodies) {
      expect(body).not.toContain(user.password);
      expect(body).not.toContain(hash);
      expect(body).not.toContain('$argon2id$');
    }
  });
});

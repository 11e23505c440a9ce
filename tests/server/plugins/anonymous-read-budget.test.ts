import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy } from '../modules/audit/audit-fixtures';
import { freshIp } from '../helpers/passport-fixtures';
import { createResourceTestApp } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

const BUDGET = 5;
const ACTIVITIES = '/api/schemas/activities';

/**
 * SECURITY R28: one budget over a visitor's reads from one address (here 5 a minute; 600 by default),
 * answered 429 with Retry-After and the localised envelope once spent; a logged-in user is not
 * counted, another address has its own budget, a new minute a new one, and the refusals are audited
 * once per address and route a minute.
 */
describe('the anonymous read budget (SECURITY R28)', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ anonymousReadsPerMinute: BUDGET });
    user = await createLoggedInUser(t, 'reader');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = (ip: string, headers: Record<string, string> = {}, url = ACTIVITIES) =>
    t.app.inject({ method: 'GET', url, remoteAddress: ip, headers });

  it('answers a visitor’s reads beyond the budget with 429, Retry-After and the envelope, in their language', async () => {
    const ip = freshIp();
    for (let n = 0; n < BUDGET; n += 1) expect((await read(ip)).statusCode).toBe(200);
    const refused = await read(ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
    expect((await read(ip, { 'accept-language': 'en-US' })).json()).toMatchObject({ msg: 'Too many requests; please try again later' });
    // HEAD is a read too, and a path nothing serves counts as well (probing).
    expect((await t.app.inject({ method: 'HEAD', url: ACTIVITIES, remoteAddress: ip })).statusCode).toBe(429);
    expect((await read(ip, {}, '/api/no-such-route')).statusCode).toBe(429);
    // Another address has its own budget; a new minute brings a new one.
    expect((await read(freshIp())).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await read(ip)).statusCode).toBe(200);
  });

  it('does not count a logged-in user, even on a public route, nor a visitor’s writes or the SPA’s files', async () => {
    const ip = freshIp();
    for (let n = 0; n < BUDGET; n += 1) expect((await read(ip)).statusCode).toBe(200);
    expect((await read(ip, user.auth)).statusCode).toBe(200);
    expect((await read(ip, { authorization: 'Bearer not-a-live-token-at-all-000000000000000' })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/', remoteAddress: ip })).statusCode).toBe(200);
    // A login is a write: its own limit, not the read budget.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      remoteAddress: ip,
      payload: { username: 'x', password: 'y', code: '2' },
    });
    expect(login.statusCode).not.toBe(429);
  });

  it('asks whether a reader is logged in without touching the session (a public read is no activity, ADR 0008)', async () => {
    const seen = async () =>
      (await t.database.executeSql(`SELECT last_seen_at FROM sessions WHERE user_id = $1`, [user.id])).rows as unknown[];
    const before = await seen();
    t.clock.advance(5 * 60_000);
    expect((await read(freshIp(), user.auth)).statusCode).toBe(200);
    expect(await seen()).toEqual(before);
  });

  it('writes one RATE_LIMITED row per address and route a minute', async () => {
    const ip = freshIp();
    for (let n = 0; n < BUDGET; n += 1) await read(ip);
    const rows = await auditedBy(t, async () => {
      for (let n = 0; n < 4; n += 1) expect((await read(ip)).statusCode).toBe(429);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        event: 'RATE_LIMITED',
        ip,
        objectType: 'route',
        objectId: `GET ${ACTIVITIES}`,
        reason: 'tooManyRequests',
        userId: null,
      }),
    ]);
  });
});

describe('the anonymous read budget over list reads by POST', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createResourceTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a visitor’s public list reads (POST) against the 600 a minute by default', async () => {
    const ip = freshIp();
    // Spent first on a cheap GET, then a public list: the 600th read passes, the 601st is refused.
    for (let n = 0; n < 599; n += 1) await t.app.inject({ method: 'GET', url: ACTIVITIES, remoteAddress: ip });
    const list = t.app.resources.list().find((resource) => Object.values(resource.lists).some((entry) => entry.audience === 'public'));
    expect(list).toBeDefined();
    const [name] = Object.entries(list?.lists ?? {}).find(([, entry]) => entry.audience === 'public') ?? [];
    const url = `/api/resources/${list?.name ?? ''}/lists/${name ?? ''}`;
    expect((await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: {} })).statusCode).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../../../src/server/plugins/db-rate-limit-store';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('the database rate-limit counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('counts hits in a fixed window and starts again after it', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await countHit(t.db, 'k', 60_000, at(0))).toEqual({ current: 1, ttl: 60_000 });
    expect(await countHit(t.db, 'k', 60_000, at(1_000))).toEqual({ current: 2, ttl: 59_000 });
    expect(await countHit(t.db, 'other', 60_000, at(1_000))).toEqual({ current: 1, ttl: 60_000 });
    expect(await countHit(t.db, 'k', 60_000, at(60_000))).toEqual({ current: 1, ttl: 60_000 });
  });

  it('counts concurrent hits exactly (shared by every server process)', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(t.db, 'burst', 60_000, now)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('limits logins to 10 a minute per client with a 429 envelope (SECURITY R28)', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      // A different name each time, so the per-account lockout and captcha rules stay out of the way.
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sys/user/login',
        payload: { username: `nobody${index}`, password: 'x', code: '2' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../../../src/server/db/schema';
import { sha256Hex } from '../../../../src/server/lib/sha256';
import { fetchCaptcha } from '../../helpers/message-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

const URL = '/api/sys/person/message/loginCode';

describe('GET /api/sys/person/message/loginCode', () => {
  let fixed: TestApp;
  let random: TestApp;
  beforeAll(async () => {
    [fixed, random] = await Promise.all([createTestApp(), createTestApp({ captchaFixed: null })]);
  });
  afterAll(async () => {
    await fixed?.close();
    await random?.close();
  });

  it('requires login', async () => {
    const response = await fixed.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('answers {success, data.image} with an SVG data URL', async () => {
    const user = await createLoggedInUser(fixed, 'cap');
    const response = await fetchCaptcha(fixed, user);
    const body = response.json<{ success: boolean; code: number; data: { image: string } }>();
    expect(body.success).toBe(true);
    expect(body.code).toBe(0);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.data.image.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('never puts the answer (or its hash) in the response, headers included', async () => {
    const user = await createLoggedInUser(fixed, 'leak');
    const response = await fetchCaptcha(fixed, user);
    const image = response.json<{ data: { image: string } }>().data.image;
    const svg = Buffer.from(image.split(',')[1] ?? '', 'base64').toString('utf8');
    const everything = [response.body, svg, JSON.stringify(response.headers)].join('\n').toLowerCase();
    expect(everything).not.toContain(TEST_CAPTCHA.toLowerCase());
    expect(everything).not.toContain(sha256Hex(TEST_CAPTCHA.toLowerCase()));
  });

  it('stores only a hash in the database, bound to the user and purpose, expiring in 5 minutes', async () => {
    const user = await createLoggedInUser(fixed, 'store');
    const before = fixed.clock.now().getTime();
    await fetchCaptcha(fixed, user);
    const rows = await fixed.db.select().from(captchas).where(eq(captchas.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.purpose).toBe('message');
    expect(rows[0]?.answerHash).toBe(sha256Hex(TEST_CAPTCHA.toLowerCase()));
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThanOrEqual(5 * 60_000);
    expect(lifetime).toBeLessThan(5 * 60_000 + 5_000);
  });

  it('a new fetch replaces the previous captcha (random answers)', async () => {
    const user = await createLoggedInUser(random, 'replace');
    await fetchCaptcha(random, user);
    const first = await random.db.select().from(captchas).where(eq(captchas.userId, user.id));
    const images = new Set<string>();
    for (let index = 0; index < 3; index += 1)
      images.add((await fetchCaptcha(random, user)).json<{ data: { image: string } }>().data.image);
    const after = await random.db.select().from(captchas).where(eq(captchas.userId, user.id));
    expect(after).toHaveLength(1);
    expect(images.size).toBe(3);
    expect(after[0]?.answerHash).not.toBe(first[0]?.answerHash);
  });

  it('is rate limited with a 429 envelope', async () => {
    const user = await createLoggedInUser(random, 'flood');
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push((await random.app.inject({ method: 'GET', url: URL, headers: user.auth })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await random.app.inject({ method: 'GET', url: URL, headers: user.auth });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    // The window passes on the app's clock.
    random.clock.advance(61_000);
    expect((await random.app.inject({ method: 'GET', url: URL, headers: user.auth })).statusCode).toBe(200);
  });
});

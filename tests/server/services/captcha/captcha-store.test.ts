import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeCaptcha, storeCaptcha } from '../../../../src/server/services/captcha/captcha-store';
import { randomCaptchaText } from '../../../../src/server/services/captcha/captcha-text';
import { createUser } from '../../../../src/server/services/users/create-user';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('captcha store', () => {
  let t: TestApp;
  let userId: string;
  const now = new Date('2026-03-01T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    userId = await createUser(t.db, { username: 'captcha_store', password: 'x', fullname: 'x', role: 'applicant' });
  });
  afterAll(() => t?.close());

  it('accepts the answer once, case-insensitively', async () => {
    await storeCaptcha(t.db, userId, 'message', 'AbCd', now);
    expect(await consumeCaptcha(t.db, userId, 'message', 'aBcD', now)).toBe('ok');
    expect(await consumeCaptcha(t.db, userId, 'message', 'AbCd', now)).toBe('invalid');
  });

  it('spends the captcha on a wrong answer', async () => {
    await storeCaptcha(t.db, userId, 'message', 'AbCd', now);
    expect(await consumeCaptcha(t.db, userId, 'message', 'zzzz', now)).toBe('invalid');
    expect(await consumeCaptcha(t.db, userId, 'message', 'AbCd', now)).toBe('invalid');
  });

  it('reports expiry after five minutes', async () => {
    await storeCaptcha(t.db, userId, 'message', 'AbCd', now);
    expect(await consumeCaptcha(t.db, userId, 'message', 'AbCd', new Date(now.getTime() + 5 * 60_000))).toBe('expired');
  });

  it('lets exactly one of two concurrent attempts through', async () => {
    await storeCaptcha(t.db, userId, 'message', 'AbCd', now);
    const results = await Promise.all([
      consumeCaptcha(t.db, userId, 'message', 'AbCd', now),
      consumeCaptcha(t.db, userId, 'message', 'AbCd', now),
    ]);
    expect(results.sort()).toEqual(['invalid', 'ok']);
  });

  it('draws readable text from a CSPRNG', () => {
    const samples = Array.from({ length: 200 }, () => randomCaptchaText());
    expect(samples.every((text) => /^[A-HJ-NP-Za-hj-kmnp-z2-9]{4}$/.test(text))).toBe(true);
    expect(new Set(samples).size).toBeGreaterThan(190);
  });
});

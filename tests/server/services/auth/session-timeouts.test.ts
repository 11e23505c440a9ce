import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../../src/server/db/schema';
import { hashSessionToken } from '../../../../src/server/services/auth/session-token';
import { SESSION_IDLE_REMAINING_HEADER } from '../../../../src/shared/rules/session-policy';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const INFO_URL = '/api/integrity/app/user/settings/info';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface InfoBody {
  code: number;
  data: { session: { idleTimeoutMs: number; expiresAt: string } };
}

describe('session timeouts (SECURITY R10, ADR 0008)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const info = (user: TestUser, language = 'zh-CN') =>
    t.app.inject({ method: 'GET', url: INFO_URL, headers: { ...user.auth, 'accept-language': language } });
  const sessionRow = async (user: TestUser) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashSessionToken(user.token)))
    )[0];

  it('ends an ordinary session idle for 31 minutes: 401 sessionIdleTimeout, and the row is gone', async () => {
    const user = await createLoggedInUser(t, 'idle');
    expect((await info(user)).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    const refused = await info(user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, msg: '登录已超时，请重新登录', reason: 'sessionIdleTimeout' });
    expect(await sessionRow(user)).toBeUndefined();
    // Revoked, not just refused: the next try is an unknown token.
    expect((await info(user)).json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('words the timeout in English too', async () => {
    const user = await createLoggedInUser(t, 'idleen');
    t.clock.advance(31 * MINUTE);
    expect((await info(user, 'en-US')).json()).toEqual({
      code: 401,
      msg: 'Your session has timed out. Please log in again.',
      reason: 'sessionIdleTimeout',
    });
  });

  it('keeps an ordinary session alive past 31 minutes with a request every 10 minutes', async () => {
    const user = await createLoggedInUser(t, 'busy');
    for (let minute = 10; minute <= 60; minute += 10) {
      t.clock.advance(10 * MINUTE);
      expect((await info(user)).statusCode, `at ${minute} min`).toBe(200);
    }
  });

  it('gives staff 15 minutes: idle for 16 minutes → 401, idle for 14 → alive', async () => {
    const reviewer = await createLoggedInUser(t, 'staff', 'reviewer');
    t.clock.advance(14 * MINUTE);
    expect((await info(reviewer)).statusCode).toBe(200);
    t.clock.advance(16 * MINUTE);
    const refused = await info(reviewer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'sessionIdleTimeout' });
    expect(await sessionRow(reviewer)).toBeUndefined();
  });

  it('ends a staff session at 12 hours however active it is', async () => {
    const admin = await createLoggedInUser(t, 'admin', 'admin');
    for (let minute = 10; minute < 12 * 60; minute += 10) {
      t.clock.advance(10 * MINUTE);
      expect((await info(admin)).statusCode, `at ${minute} min`).toBe(200);
    }
    t.clock.advance(10 * MINUTE);
    const refused = await info(admin);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 401, reason: 'sessionIdleTimeout' });
    expect(await sessionRow(admin)).toBeUndefined();
  });

  it('reports the limits in the user info: idle timeout by class, and the absolute end', async () => {
    const applicant = await createLoggedInUser(t, 'limits');
    const integrity = await createLoggedInUser(t, 'limitsstaff', 'integrity');
    const [applicantRow, integrityRow] = [await sessionRow(applicant), await sessionRow(integrity)];
    const applicantInfo = (await info(applicant)).json<InfoBody>().data.session;
    expect(applicantInfo).toEqual({ idleTimeoutMs: 30 * MINUTE, expiresAt: applicantRow?.expiresAt.toISOString() });
    const integrityInfo = (await info(integrity)).json<InfoBody>().data.session;
    expect(integrityInfo).toEqual({
      idleTimeoutMs: 15 * MINUTE,
      expiresAt: new Date((integrityRow?.createdAt.getTime() ?? 0) + 12 * HOUR).toISOString(),
    });
  });

  it('records activity at most once a minute, and tells the client how long is left', async () => {
    const user = await createLoggedInUser(t, 'touch');
    const createdSeen = (await sessionRow(user))?.lastSeenAt.getTime() ?? 0;
    t.clock.advance(30_000);
    const early = await info(user);
    expect(early.statusCode).toBe(200);
    // Not written within the minute: one write a minute, not one per request.
    expect((await sessionRow(user))?.lastSeenAt.getTime()).toBe(createdSeen);
    // Measured from the record, so about 29.5 minutes are left.
    const earlyLeft = Number(early.headers[SESSION_IDLE_REMAINING_HEADER]);
    expect(earlyLeft).toBeGreaterThan(29 * MINUTE);
    expect(earlyLeft).toBeLessThanOrEqual(30 * MINUTE - 30_000);
    t.clock.advance(31_000);
    const before = t.clock.now().getTime();
    const late = await info(user);
    const after = t.clock.now().getTime();
    const seen = (await sessionRow(user))?.lastSeenAt.getTime() ?? 0;
    expect(seen).toBeGreaterThanOrEqual(before);
    expect(seen).toBeLessThanOrEqual(after);
    expect(Number(late.headers[SESSION_IDLE_REMAINING_HEADER])).toBe(30 * MINUTE);
  });

  it('says nothing about the session on a public route, token or not', async () => {
    const user = await createLoggedInUser(t, 'public');
    const response = await t.app.inject({ method: 'GET', url: '/api/schemas/activities', headers: user.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers[SESSION_IDLE_REMAINING_HEADER]).toBeUndefined();
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaEnrolments, mfaRecoveryCodes, sessions } from '../../../../src/server/db/schema';
import { hashSessionToken } from '../../../../src/server/services/auth/session-token';
import { createUser } from '../../../../src/server/services/users/create-user';
import { freshIp, freshPhone, INFO_URL, lastSmsCode } from '../../helpers/passport-fixtures';
import { nextTotpCode } from '../../helpers/second-factor';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const LOGIN = '/api/sys/user/login';
const VERIFY = '/api/sys/user/mfa/verify';
const ENROL = '/api/sys/user/mfa/enrolment';
const CONFIRM = '/api/sys/user/mfa/enrolment/confirm';
// An administrator's API the system administrator keeps (三权分立 took the audit log from it, ADR 0068).
const ADMIN_API = '/api/resources/sys-user/lists/all';

interface Staff {
  id: string;
  username: string;
  password: string;
  phone: string;
}

interface MfaAnswer {
  reason?: string;
  result: { token?: string; mfa?: { token: string; enrolled: boolean; smsAllowed: boolean } };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the second factor of a privileged login (SECURITY R06, ADR 0067)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function staff(role: string): Promise<Staff> {
    const suffix = Math.random().toString(16).slice(2, 10);
    const user = { username: `${role}_${suffix}`, password: `Pw-${suffix}X9`, phone: freshPhone() };
    const id = await createUser(t.db, { ...user, fullname: '测试员工', role });
    return { id, ...user };
  }

  async function passwordStep(user: Staff): Promise<MfaAnswer> {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: freshIp(),
      payload: { username: user.username, password: user.password, code: '2' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<MfaAnswer>();
  }

  async function pendingToken(user: Staff): Promise<string> {
    const token = (await passwordStep(user)).result.mfa?.token;
    if (!token) throw new Error('no MFA_REQUIRED answer');
    return token;
  }

  function verify(token: string, method: 'totp' | 'recovery' | 'sms', code: string) {
    return t.app.inject({ method: 'POST', url: VERIFY, remoteAddress: freshIp(), headers: bearer(token), payload: { method, code } });
  }

  /** Enrols through the routes, as the login page does; answers the secret and the recovery codes. */
  async function enrol(user: Staff): Promise<{ secret: string; recoveryCodes: string[]; token: string }> {
    const pending = await pendingToken(user);
    const started = await t.app.inject({ method: 'POST', url: ENROL, headers: bearer(pending) });
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json<{ data: { secret: string; uri: string } }>().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: bearer(pending),
      payload: { code: await nextTotpCode(t.app, user.username, secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const data = confirmed.json<{ data: { recoveryCodes: string[]; token: string } }>().data;
    return { secret, ...data };
  }

  it('answers a password-only admin login MFA_REQUIRED, with a token that opens no other route (403, audited)', async () => {
    const admin = await staff('admin');
    const answer = await passwordStep(admin);
    expect(answer).toMatchObject({
      success: true,
      code: 200,
      reason: 'MFA_REQUIRED',
      result: { mfa: { enrolled: false, smsAllowed: false } },
    });
    expect(answer.result.token).toBeUndefined();
    const pending = answer.result.mfa?.token ?? '';
    for (const call of [
      { method: 'POST' as const, url: ADMIN_API, payload: {} },
      { method: 'GET' as const, url: INFO_URL },
      { method: 'PUT' as const, url: '/api/sys/user/change-password', payload: {} },
    ]) {
      const refused = await t.app.inject({ ...call, headers: bearer(pending) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ reason: 'secondFactorRequired' });
    }
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id)).orderBy(desc(auditLog.id));
    expect(rows.filter((row) => row.event === 'ACCESS_DENIED' && row.reason === 'secondFactorRequired')).toHaveLength(3);
  });

  it('enrols with the first code, stores the secret sealed, and gives a session that reaches the admin API', async () => {
    const admin = await staff('admin');
    const { secret, recoveryCodes, token } = await enrol(admin);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ method: 'POST', url: ADMIN_API, headers: bearer(token), payload: {} })).statusCode).toBe(200);
    // Neither the secret nor a recovery code is in the database in clear (ADR 0066's cipher, hashes).
    const stored = await t.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, admin.id));
    expect(stored[0]?.secret).toMatch(/^kc1:/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const codes = JSON.stringify(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id)));
    for (const code of recoveryCodes) expect(codes).not.toContain(code.replaceAll('-', ''));
    const events = (await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id))).map(
      (row) => `${row.event}:${row.reason ?? ''}`,
    );
    expect(events).toEqual(expect.arrayContaining(['MFA_ENROLLED:', 'LOGIN_SUCCESS:mfa:enrolment']));
  });

  it('accepts the right code once: the same code again is refused (replay)', async () => {
    const officer = await staff('integrity');
    const { secret } = await enrol(officer);
    const code = await nextTotpCode(t.app, officer.username, secret);
    const first = await verify(await pendingToken(officer), 'totp', code);
    expect(first.statusCode).toBe(200);
    const session = first.json<MfaAnswer>().result.token ?? '';
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: bearer(session) })).statusCode).toBe(200);
    const replay = await verify(await pendingToken(officer), 'totp', code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ reason: 'mfaCodeInvalid' });
    const failed = await t.db.select().from(auditLog).where(eq(auditLog.userId, officer.id));
    expect(failed.map((row) => row.event)).toContain('MFA_FAILED');
  });

  it('counts wrong codes with the password failures: the fifth locks the account, the right code and password then fail', async () => {
    const reviewer = await staff('reviewer');
    await enrol(reviewer);
    const pending = await pendingToken(reviewer);
    for (let i = 0; i < 4; i += 1) expect((await verify(pending, 'totp', '000000')).statusCode).toBe(400);
    // The fifth failure locks: the password-only session ends with it.
    expect((await verify(pending, 'totp', '000001')).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashSessionToken(pending))),
    ).toEqual([]);
    const locked = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: freshIp(),
      payload: { username: reviewer.username, password: reviewer.password, code: '2', captchaId: 'x', captcha: 'y' },
    });
    expect(locked.statusCode).toBeGreaterThanOrEqual(400);
    expect(locked.json<MfaAnswer>().result).toBeUndefined();
    const events = (await t.db.select().from(auditLog).where(eq(auditLog.userId, reviewer.id))).map((row) => row.event);
    expect(events).toContain('LOGIN_LOCKED');
  });

  it('takes a recovery code once, and records its use', async () => {
    const admin = await staff('admin');
    const { recoveryCodes } = await enrol(admin);
    const code = recoveryCodes[3] ?? '';
    const first = await verify(await pendingToken(admin), 'recovery', code.toLowerCase());
    expect(first.statusCode).toBe(200);
    const again = await verify(await pendingToken(admin), 'recovery', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ reason: 'mfaRecoveryCodeInvalid' });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(rows.filter((row) => row.event === 'MFA_RECOVERY_USED').map((row) => row.reason)).toEqual(['left:9']);
  });

  it('lets a reviewer with no authenticator answer with an SMS code, and refuses SMS to an administrator', async () => {
    const reviewer = await staff('reviewer');
    const answer = await passwordStep(reviewer);
    expect(answer.result.mfa).toMatchObject({ enrolled: false, smsAllowed: true });
    const pending = answer.result.mfa?.token ?? '';
    const sent = await t.app.inject({ method: 'POST', url: '/api/sys/user/mfa/sms', remoteAddress: freshIp(), headers: bearer(pending) });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ data: { resendAfterSeconds: 60, phone: expect.stringContaining('****') } });
    const code = (await lastSmsCode(t, reviewer.phone)) ?? '';
    expect((await verify(pending, 'sms', code === '000000' ? '000001' : '000000')).statusCode).toBe(400);
    const ok = await verify(pending, 'sms', code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<MfaAnswer>().result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const admin = await staff('admin');
    const adminPending = await pendingToken(admin);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/mfa/sms',
      remoteAddress: freshIp(),
      headers: bearer(adminPending),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("leaves an applicant's login as it was: a token at once", async () => {
    const applicant = await staff('applicant');
    const answer = await passwordStep(applicant);
    expect(answer.reason).toBeUndefined();
    expect(answer.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("resets one's own enrolment with a current code, and lets an administrator clear another's (audited, sessions ended)", async () => {
    const officer = await staff('integrity');
    const { secret, token } = await enrol(officer);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/mfa/reset',
      headers: bearer(token),
      payload: { code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/mfa/reset',
      headers: bearer(token),
      payload: { code: await nextTotpCode(t.app, officer.username, secret) },
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, officer.id))).toEqual([]);
    expect((await passwordStep(officer)).result.mfa?.enrolled).toBe(false);

    const other = await staff('reviewer');
    const enrolled = await enrol(other);
    const admin = await staff('admin');
    const adminSession = (await enrol(admin)).token;
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/mfa/clear',
      headers: bearer(adminSession),
      payload: { userId: other.id },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: bearer(enrolled.token) })).statusCode).toBe(401);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.objectId, other.id));
    expect(rows.map((row) => `${row.event}:${row.reason ?? ''}`)).toContain('MFA_RESET:administrator');
  });

  it('asks the SSO passport path for the second factor too: bind answers MFA_REQUIRED, a linked login hands over a restricted token', async () => {
    const admin = await staff('admin');
    const { secret } = await enrol(admin);
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: freshIp(), ...(cookie ? { headers: { cookie } } : {}) });
    const cookieOf = (response: { headers: Record<string, unknown> }, name: string): string | undefined =>
      [response.headers['set-cookie']]
        .flat()
        .map(String)
        .find((line) => line.startsWith(`${name}=`))
        ?.slice(name.length + 1)
        .split(';')[0];
    const signIn = async (subject: string) => {
      const start = await get('/api/oauth/ywtbAuthLogin?redirect=/workbench');
      const provider = await get(`${String(start.headers.location)}&subject=${subject}`);
      return get(String(provider.headers.location), `kc_sso_state=${cookieOf(start, 'kc_sso_state') ?? ''}`);
    };
    const subject = `sub-${admin.id.slice(0, 8)}`;
    const ticket = new URL(String((await signIn(subject)).headers.location), 'http://portal.test').searchParams.get('ticket') ?? '';
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/ywtbJxAuthLogin',
      remoteAddress: freshIp(),
      payload: { ticket, username: admin.username, password: admin.password },
    });
    expect(bound.json()).toMatchObject({ reason: 'MFA_REQUIRED', result: { redirect: '/workbench', mfa: { enrolled: true } } });
    expect(bound.json<MfaAnswer>().result.token).toBeUndefined();

    // Linked now: the provider's word is one factor; no Access-Token, but the login page's second step.
    const linked = await signIn(subject);
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe('/user/login?mfa=sso&redirect=%2Fworkbench');
    expect(cookieOf(linked, 'Access-Token')).toBeUndefined();
    const handed = cookieOf(linked, 'Mfa-Token') ?? '';
    expect((await t.app.inject({ method: 'POST', url: ADMIN_API, headers: bearer(handed), payload: {} })).statusCode).toBe(403);
    const status = await t.app.inject({ method: 'GET', url: '/api/sys/user/mfa', headers: bearer(handed) });
    expect(status.json()).toMatchObject({ data: { pending: true, enrolled: true, required: true } });
    const verified = await verify(handed, 'totp', await nextTotpCode(t.app, admin.username, secret));
    expect(verified.statusCode).toBe(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../../src/server/db/schema';
import { AdministratorExistsError, createAdministrator } from '../../../../src/server/services/users/create-administrator';
import { oneTimePassword } from '../../../../src/server/services/users/one-time-password';
import { passwordFieldErrors } from '../../../../src/server/services/passwords/password-field-errors';
import { loginAttempt } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('oneTimePassword', () => {
  it('holds every character class, no look-alike characters, and never repeats itself', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = oneTimePassword();
      expect(password).toHaveLength(20);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[#%+\-=@_]/);
      expect(password).not.toMatch(/[01OlI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

/** The first administrator of a production install (SECURITY R07): a one-time password, changed at the first login. */
describe('createAdministrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('opens an administrator whose one-time password passes the policy and must be changed first', async () => {
    const { id, password } = await createAdministrator(t.db, { username: 'firstadmin', fullname: '首位管理员' }, new Date());
    expect(
      passwordFieldErrors({ password, confirm: password, passwordPath: 'p', confirmPath: 'c', username: 'firstadmin' }, 'zh-CN'),
    ).toEqual([]);
    const [row] = await t.db.select({ role: users.role, mustChangePassword: users.mustChangePassword }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ role: 'admin', mustChangePassword: true });

    // An administrator owes a second factor (SECURITY R06, ADR 0067): the one-time password opens only the
    // enrolment, whose token reaches no other route; the change of password follows it (second-factor.test.ts).
    const login = await loginAttempt(t, { username: 'firstadmin', password });
    expect(login.statusCode, login.body).toBe(200);
    const answer = login.json<{ reason?: string; result: { mfa?: { token: string; enrolled: boolean } } }>();
    expect(answer.reason).toBe('MFA_REQUIRED');
    expect(answer.result.mfa?.enrolled).toBe(false);
    const auth = { authorization: `Bearer ${answer.result.mfa?.token ?? ''}` };
    const routes = await t.app.inject({ method: 'GET', url: '/api/integrity/app/user/routes', headers: auth });
    expect(routes.statusCode).toBe(403);

    const audit = await t.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'RECORD_CREATED'), eq(auditLog.objectId, id)));
    expect(audit).toEqual([{ action: 'sysUser.add', reason: 'commandLine' }]);
  });

  it('opens the security or the audit administrator when asked (三权分立, ADR 0068)', async () => {
    for (const role of ['securityAdmin', 'auditAdmin']) {
      const { id } = await createAdministrator(t.db, { username: `first${role}`, fullname: '管理员', role }, new Date());
      const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
      expect(row).toEqual({ role });
    }
  });

  it('refuses a username that is taken, in any case, and changes nothing', async () => {
    await expect(createAdministrator(t.db, { username: 'FirstAdmin', fullname: '重复' }, new Date())).rejects.toBeInstanceOf(
      AdministratorExistsError,
    );
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.fullname, '重复'))).toEqual([]);
  });
});

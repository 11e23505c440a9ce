import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { auditLog, rolePermissions, roles, sessions } from '../../../../src/server/db/schema';
import { LOGIN_MAX_FAILURES, recordLoginFailure, usernameKey } from '../../../../src/server/services/auth/login-lockout';
import { call } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, reopenSession, type TestUser } from '../../helpers/test-users';

/**
 * SECURITY R11 (ADR 0063): an administrator's lock, a freeze, a role change and 结束会话 end every
 * session of the account in the change's own commit; an automatic lockout after failed logins does
 * not; an administrator may end everyone's sessions but their own. The two-process case is in
 * tests/server/scale-out/two-processes.test.ts.
 */
let t: TestApp;
/** The security administrator (ADR 0068): locks, freezes and ends sessions (sysUser enable, disable). */
let admin: TestUser;
/** The system administrator: grants and revokes roles (sysUser.update). */
let grantor: TestUser;
let reviewer: TestUser;
/** Holds sysUser.update and query but not disable: may grant roles, may neither lock nor end sessions. */
let clerk: TestUser;

const USERS = '/api/resources/sys-user';
const INFO = '/api/integrity/app/user/settings/info';
const END_ALL = '/api/sys/user/end-all-sessions';

const change = (by: TestUser, name: string, row: Pick<RecordView, 'id' | 'version'>, note?: string) =>
  call<RecordView>(t, by, 'POST', `${USERS}/transitions/${name}`, { id: row.id, version: row.version, ...(note ? { note } : {}) });

async function rowOf(user: TestUser, by: TestUser = admin): Promise<RecordView> {
  const page = await call<{ records: RecordView[] }>(t, by, 'POST', `${USERS}/lists/all`, { username: user.username, pageSize: 100 });
  const row = page.body.data.records.find((record) => record.id === user.id);
  if (!row) throw new Error(`${user.username} is not listed`);
  return row;
}

const status = async (user: TestUser): Promise<number> => (await call(t, user, 'GET', INFO)).status;

/** The user with a second session, as on a phone beside the desktop. */
async function withTwoSessions(prefix: string): Promise<[TestUser, TestUser]> {
  const desktop = await createLoggedInUser(t, prefix);
  return [desktop, await reopenSession(t, desktop)];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createLoggedInUser(t, 'adm', 'securityAdmin');
  grantor = await createLoggedInUser(t, 'sys', 'admin');
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
  await t.db.insert(roles).values({ id: 'userClerk', name: '用户管理员（测试）', nameEn: 'User clerk (test)' });
  await t.db.insert(rolePermissions).values({ roleId: 'userClerk', permissionId: 'sysUser', actions: ['update', 'query', 'get'] });
  clerk = await createLoggedInUser(t, 'clerk', 'userClerk');
});
afterAll(async () => t.close());

describe('sessions end with the account (SECURITY R11)', () => {
  it("an administrator's lock ends every session of the account at once, and no one else's", async () => {
    const [desktop, phone] = await withTwoSessions('lockme');
    const bystander = await createLoggedInUser(t, 'bystander');
    expect(await status(desktop)).toBe(200);
    const locked = await change(admin, 'lock', await rowOf(desktop));
    expect(locked.body.data.status).toBe('locked');
    expect(await status(desktop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, desktop.id))).toEqual([]);
    expect(await status(bystander)).toBe(200);
    expect(await status(admin)).toBe(200);
    // Unlocking takes nothing away, so it ends nothing: a session opened meanwhile lives on.
    const fresh = await reopenSession(t, desktop);
    await change(admin, 'unlock', locked.body.data);
    expect(await status(fresh)).toBe(200);
  });

  it('an automatic lockout after failed logins leaves the owner’s live sessions alone', async () => {
    const owner = await createLoggedInUser(t, 'guessed');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await recordLoginFailure(t.db, usernameKey(owner.username), t.clock.now());
    expect((await rowOf(owner)).status).toBe('locked');
    // Whoever guessed cannot sign the owner out by failing on purpose.
    expect(await status(owner)).toBe(200);
  });

  it('a freeze ends the sessions; the frozen account may log in again and read why (ADR 0012)', async () => {
    const [desktop, phone] = await withTwoSessions('freezeme');
    const frozen = await change(admin, 'freeze', await rowOf(desktop), '材料核查中');
    expect(frozen.status).toBe(200);
    expect(await status(desktop)).toBe(401);
    expect(await status(phone)).toBe(401);
    const again = await reopenSession(t, desktop);
    const info = await call<{ frozen?: { reason?: string } }>(t, again, 'GET', INFO);
    expect(info.body.data.frozen?.reason).toBe('材料核查中');
    await change(admin, 'unfreeze', frozen.body.data);
    expect(await status(again)).toBe(200);
  });

  it('a role change, granted or taken away, ends the sessions', async () => {
    let user = await createLoggedInUser(t, 'roles');
    const granted = await change(grantor, 'grantReviewer', await rowOf(user, grantor));
    expect(granted.status).toBe(200);
    expect(await status(user)).toBe(401);
    user = await reopenSession(t, user);
    expect((await call(t, user, 'POST', '/api/sys/form/data/queryApplicationList', {})).status).toBe(200);
    await change(grantor, 'revokeReviewer', granted.body.data);
    // The token that held the role cannot use it for one more request.
    expect((await call(t, user, 'POST', '/api/sys/form/data/queryApplicationList', {})).status).toBe(401);
  });

  it('结束会话 ends one account’s sessions with its own permission (sysUser.disable), audited', async () => {
    const [desktop, phone] = await withTwoSessions('endme');
    const row = await rowOf(desktop);
    expect(row.actions).toContain('endSessions');
    // The clerk may grant roles (update) but is not offered, nor allowed, to end sessions or lock (disable).
    expect((await rowOf(desktop, clerk)).actions).not.toContain('endSessions');
    expect((await rowOf(desktop, clerk)).actions).not.toContain('lock');
    expect((await rowOf(desktop, clerk)).actions).toContain('grantReviewer');
    expect((await change(clerk, 'lock', row)).status).toBe(403);
    expect((await change(clerk, 'endSessions', row)).status).toBe(403);
    expect((await change(reviewer, 'endSessions', row)).status).toBe(403);
    expect(await status(desktop)).toBe(200);

    const ended = await change(admin, 'endSessions', row);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ msg: '已结束该用户的全部会话，其所有设备须重新登录', data: { status: 'active' } });
    expect(await status(desktop)).toBe(401);
    expect(await status(phone)).toBe(401);
    const audit = await t.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'sys-user'), eq(auditLog.objectId, desktop.id)));
    expect(audit).toEqual([{ action: 'endSessions', userId: admin.id }]);
    // From any state, and never on one's own account.
    const self = await rowOf(admin);
    expect(self.actions).not.toContain('endSessions');
    expect((await change(admin, 'endSessions', self)).status).toBe(403);
  });

  it("ends everyone's sessions but the caller's, with sysUser.disable, audited", async () => {
    const others = await Promise.all([createLoggedInUser(t, 'all1'), createLoggedInUser(t, 'all2')]);
    const adminPhone = await reopenSession(t, admin);
    expect((await call(t, clerk, 'POST', END_ALL)).status).toBe(403);
    expect((await call(t, reviewer, 'POST', END_ALL)).status).toBe(403);
    expect((await call(t, undefined, 'POST', END_ALL)).status).toBe(401);

    const ended = await call<{ ended: number }>(t, admin, 'POST', END_ALL);
    expect(ended.status).toBe(200);
    expect(ended.body.msg).toBe('已结束除您以外所有用户的会话');
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(4);
    for (const user of [...others, reviewer, clerk]) expect(await status(user)).toBe(401);
    expect(await status(admin)).toBe(200);
    expect(await status(adminPhone)).toBe(200);
    const remaining = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(new Set(remaining.map((row) => row.userId))).toEqual(new Set([admin.id]));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'endAllSessions'));
    expect(audit).toMatchObject([{ event: 'RECORD_TRANSITIONED', result: 'success', objectType: 'sys-user', userId: admin.id }]);
    // Said in English too.
    const english = await t.app.inject({ method: 'POST', url: END_ALL, headers: { ...admin.auth, 'accept-language': 'en-US' } });
    expect(english.json()).toMatchObject({ msg: 'Every session but your own has ended', data: { ended: 0 } });
  });
});

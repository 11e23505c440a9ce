import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogRecord } from '../../../../src/shared/generated/audit-log-record';
import { auditLog } from '../../../../src/server/db/schema';
import { writeAudit } from '../../../../src/server/services/audit/write-audit';
import type { AuditEntry } from '../../../../src/server/services/audit/audit-entry';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const LIST = '/api/integrity/app/audit/list';

interface Page {
  total: number;
  records: AuditLogRecord[];
}

describe('POST /api/integrity/app/audit/list (操作日志, integrityLog.query)', () => {
  let t: TestApp;
  /** The audit administrator, the log's one reader since ADR 0068 (三权分立). */
  let integrity: TestUser;
  let admin: TestUser;
  const base = new Date('2026-03-01T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp();
    const entry = (minutes: number, overrides: Partial<AuditEntry>): AuditEntry => ({
      event: 'LOGIN_SUCCESS',
      result: 'success',
      ip: '10.1.1.1',
      requestId: `seed-${minutes}`,
      at: new Date(base.getTime() + minutes * 60_000),
      ...overrides,
    });
    // Twelve logins of alice, three failures of bob, one of "Carol_x" (a LIKE wildcard in the name).
    for (let minute = 0; minute < 12; minute += 1) await writeAudit(t.db, entry(minute, { username: 'alice' }));
    for (let minute = 20; minute < 23; minute += 1)
      await writeAudit(t.db, entry(minute, { username: 'bob', event: 'LOGIN_FAILURE', result: 'failure', reason: 'invalidCredentials' }));
    await writeAudit(t.db, entry(30, { username: 'Carol_x', event: 'LOGIN_FAILURE', result: 'failure' }));
    integrity = await createLoggedInUser(t, 'auditor', 'auditAdmin');
    admin = await createLoggedInUser(t, 'root', 'admin');
  });
  afterAll(() => t?.close());

  const list = (user: TestUser | undefined, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: LIST, headers: user?.auth ?? {}, payload: payload as Record<string, unknown> });
  const page = async (user: TestUser, payload: unknown = {}): Promise<Page> => {
    const response = await list(user, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Page }>().data;
  };

  it('answers 401 without a session and 403 to everyone but the audit administrator, the other administrators included', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(admin)).statusCode).toBe(403);
    for (const role of ['applicant', 'reviewer', 'integrity', 'securityAdmin']) {
      const user = await createLoggedInUser(t, role, role);
      const response = await list(user);
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toEqual({ code: 403, msg: '没有足够的权限' });
    }
  });

  it('gives the audit administrator page 1 of 10, newest first, with the total', async () => {
    for (const user of [integrity]) {
      const first = await page(user);
      // The seeded 16 rows, plus the ACCESS_DENIED rows of the refusals above (order of tests aside).
      expect(first.total).toBeGreaterThanOrEqual(16);
      expect(first.records).toHaveLength(10);
      const ids = first.records.map((record) => record.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
    const seeded = await page(integrity, { username: 'alice', pageNo: 2, pageSize: 5 });
    expect(seeded.total).toBe(12);
    expect(seeded.records.map((record) => record.requestId)).toEqual(['seed-6', 'seed-5', 'seed-4', 'seed-3', 'seed-2']);
    expect(seeded.records[0]).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T08:06:00.000Z',
      userId: null,
      username: 'alice',
      role: null,
      ip: '10.1.1.1',
      userAgent: null,
      event: 'LOGIN_SUCCESS',
      objectType: null,
      objectId: null,
      action: null,
      result: 'success',
      reason: null,
      requestId: 'seed-6',
    });
  });

  it('filters by event, result, part of the username (case-insensitive, wildcards literal) and time', async () => {
    expect((await page(integrity, { event: 'LOGIN_FAILURE', username: 'BO' })).records.map((record) => record.requestId)).toEqual([
      'seed-22',
      'seed-21',
      'seed-20',
    ]);
    // The login failures only: the refusals of the first test are failures too (root's among them, 三权分立).
    expect((await page(integrity, { result: 'failure', event: 'LOGIN_FAILURE', username: 'o' })).total).toBe(4);
    expect((await page(integrity, { username: 'l_x' })).records.map((record) => record.username)).toEqual(['Carol_x']);
    expect((await page(integrity, { username: 'a_i' })).total).toBe(0);
    const window = await page(integrity, { from: '2026-03-01T08:10:00.000Z', to: '2026-03-01T16:21:00+08:00' });
    expect(window.records.map((record) => record.requestId)).toEqual(['seed-21', 'seed-20', 'seed-11', 'seed-10']);
    expect((await page(integrity, { event: 'ACCESS_DENIED' })).records.every((record) => record.action === 'integrityLog.query')).toBe(
      true,
    );
  });

  it('refuses a page larger than MAX_PAGE_SIZE and an unknown event', async () => {
    expect((await list(integrity, { pageSize: 101 })).statusCode).toBe(400);
    expect((await list(integrity, { event: 'DROP TABLE' })).statusCode).toBe(400);
    expect((await list(integrity, { from: 'yesterday' })).statusCode).toBe(400);
  });

  it('lets the audit administrator verify the hash chain, and names the first row that breaks it (SECURITY R32)', async () => {
    const verify = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/integrity/app/audit/verify', headers: user.auth });
    const intact = await verify(integrity);
    expect(intact.statusCode, intact.body).toBe(200);
    expect(intact.json()).toMatchObject({ data: { intact: true, brokenAt: null } });
    expect((await verify(admin)).statusCode).toBe(403);
    expect((await verify(await createLoggedInUser(t, 'sec', 'securityAdmin'))).statusCode).toBe(403);
    // Behind the trigger's back (as the table's owner could), one row changed: the check names it.
    const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id)).limit(1).offset(3);
    await t.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
    await t.db
      .update(auditLog)
      .set({ username: 'mallory' })
      .where(eq(auditLog.id, row?.id ?? 0));
    await t.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`);
    expect((await verify(integrity)).json()).toMatchObject({ data: { intact: false, brokenAt: row?.id } });
  });
});

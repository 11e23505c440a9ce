import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog } from '../../../../src/server/db/schema';
import { transition } from '../../../../src/server/modules/application/application-store';
import { AUDIT_GENESIS_HASH } from '../../../../src/server/services/audit/audit-hash';
import { verifyAuditChain } from '../../../../src/server/services/audit/verify-audit-chain';
import { writeAudit } from '../../../../src/server/services/audit/write-audit';
import type { AuditEntry } from '../../../../src/server/services/audit/audit-entry';
import { completeTinyGrant, makeSchemasDir, submit, type Envelope, type ViewBody } from '../../helpers/activity-fixtures';
import { loginAttempt } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';
import { auditedBy, auditRowsAfter, databaseError, lastAuditId } from './audit-fixtures';

const ACTIVITY = 'tiny-grant';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { event: 'LOGOUT', result: 'success', ip: '10.0.0.1', requestId: 'req-1', at: new Date(), userAgent: 'test', ...overrides };
}

describe('the audit log is append-only and hash-chained (SECURITY R32)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  it('starts the chain at the genesis hash and keeps it whole', async () => {
    await writeAudit(t.db, entry());
    await writeAudit(t.db, entry({ event: 'LOGIN_FAILURE', result: 'failure', reason: 'invalidCredentials' }));
    const rows = await auditRowsAfter(t, 0);
    expect(rows[0]?.prevHash).toBe(AUDIT_GENESIS_HASH);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await writeAudit(t.db, entry());
    for (const statement of [sql`UPDATE audit_log SET username = 'mallory'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      expect(await databaseError(t.db.execute(statement))).toMatch(/audit_log is append-only: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    }
    expect((await auditRowsAfter(t, 0)).length).toBeGreaterThan(0);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('keeps one chain under concurrent writers: no forks, no gaps in the links', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, index) => writeAudit(t.db, entry({ requestId: `concurrent-${index}` }))));
    const rows = await auditRowsAfter(t, 0);
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('stores a username with a line break escaped (log injection)', async () => {
    const forged = 'bob\n2025-01-01 INFO admin login ok';
    const rows = await auditedBy(t, () => loginAttempt(t, { username: forged, password: 'whatever-1A' }));
    expect(rows.map((row) => row.event)).toEqual(['LOGIN_FAILURE']);
    expect(rows[0]?.username).toBe('bob\\n2025-01-01 INFO admin login ok');
    expect(rows[0]?.username).not.toContain('\n');
    // Other control characters too, and the backslash, so an escape is never ambiguous.
    await writeAudit(t.db, entry({ username: 'a\r\u0007\u2028b\\n', userAgent: 'x'.repeat(400) }));
    const [last] = await auditRowsAfter(t, (await lastAuditId(t)) - 1);
    expect(last?.username).toBe('a\\r\\u0007\\u2028b\\\\n');
    expect(last?.userAgent).toHaveLength(256);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('writes one LOGIN_LOCKED row when five failures lock the account, and none for the refusals during the lock (R03)', async () => {
    const user = await createLoggedInUser(t, 'lockme');
    const rows = await auditedBy(t, async () => {
      for (let failure = 1; failure <= 5; failure += 1)
        await loginAttempt(t, { username: user.username, password: 'Not-the-password-1', withCaptcha: failure >= 3 });
      // Locked: even the right password is refused, recorded as a failure with its reason.
      const locked = await loginAttempt(t, { username: user.username, password: user.password, withCaptcha: true });
      expect(locked.statusCode).toBe(401);
    });
    expect(rows.map((row) => row.event)).toEqual([
      'LOGIN_FAILURE',
      'LOGIN_FAILURE',
      'LOGIN_FAILURE',
      'LOGIN_FAILURE',
      'LOGIN_LOCKED',
      'LOGIN_FAILURE',
    ]);
    expect(rows[4]).toMatchObject({ userId: user.id, username: user.username, result: 'failure', reason: 'tooManyFailures' });
    expect(rows[5]).toMatchObject({ userId: user.id, reason: 'accountLocked' });
    // Never the password typed, in any field.
    expect(JSON.stringify(rows)).not.toContain(user.password);
    expect(JSON.stringify(rows)).not.toContain('Not-the-password-1');
  });

  it('rolls the review decision back when its audit row cannot be written (same transaction)', async () => {
    const applicant = await createLoggedInUser(t, 'rollback');
    const reviewer = await createLoggedInUser(t, 'rbreviewer', 'reviewer');
    const ready = await completeTinyGrant(t, applicant, ACTIVITY, `项目${applicant.username}`);
    const view = (await submit(t, applicant, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    const before = await lastAuditId(t);
    // A result the table's CHECK refuses: the audit insert fails inside the decision's transaction.
    const broken = entry({ event: 'APPLICATION_APPROVED', result: 'maybe' as 'success' });
    await expect(
      transition(t.db, {
        id: view.id,
        version: view.version,
        action: 'approve',
        from: 'submitted',
        to: 'approved',
        actorId: reviewer.id,
        now: t.clock.now(),
        after: (tx) => writeAudit(tx, broken),
      }),
    ).rejects.toThrow();
    const [row] = await t.db
      .select({ status: applications.status, version: applications.version })
      .from(applications)
      .where(eq(applications.id, view.id));
    expect(row).toEqual({ status: 'submitted', version: view.version });
    expect(await auditRowsAfter(t, before)).toEqual([]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });
});

describe('verifyAuditChain finds a tampered row (SECURITY R32)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let index = 0; index < 5; index += 1) await writeAudit(t.db, entry({ requestId: `r${index}` }));
  });
  afterAll(() => t?.close());

  it('reports the first row changed behind the trigger by a superuser', async () => {
    expect(await verifyAuditChain(t.db)).toBeNull();
    const rows = await auditRowsAfter(t, 0);
    const victim = rows[2]?.id ?? 0;
    // What only the database owner can do: switch the trigger off, edit, switch it on again.
    await t.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
    await t.db.update(auditLog).set({ username: 'mallory' }).where(eq(auditLog.id, victim));
    await t.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`);
    expect(await verifyAuditChain(t.db)).toBe(victim);
  });

  it('reports a forged row inserted with a hash that does not match its fields', async () => {
    const t2 = await createTestApp();
    try {
      await writeAudit(t2.db, entry());
      const [first] = await auditRowsAfter(t2, 0);
      const inserted = await t2.db
        .insert(auditLog)
        .values({
          at: new Date(),
          ip: '1.2.3.4',
          event: 'LOGIN_SUCCESS',
          result: 'success',
          requestId: 'forged',
          username: 'admin',
          prevHash: first?.hash ?? '',
          hash: 'f'.repeat(64),
        })
        .returning({ id: auditLog.id });
      expect(await verifyAuditChain(t2.db)).toBe(inserted[0]?.id);
    } finally {
      await t2.close();
    }
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog } from '../../../../src/server/db/schema';
import { scheduledJobs } from '../../../../src/server/services/jobs/scheduled-jobs';
import { removeUnreferencedUploads, UPLOAD_GRACE_MS } from '../../../../src/server/services/files/remove-unreferenced-uploads';
import { applyAuditRetention } from '../../../../src/server/services/audit/apply-audit-retention';
import type { AuditEntry } from '../../../../src/server/services/audit/audit-entry';
import { verifyAuditChain } from '../../../../src/server/services/audit/verify-audit-chain';
import { writeAudit } from '../../../../src/server/services/audit/write-audit';
import { firstSave, makeSchemasDir, saveOk, uploadOk } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';
import { databaseError } from '../../modules/audit/audit-fixtures';

const ACTIVITY = 'tiny-grant';
const DAY_MS = 24 * 60 * 60 * 1000;

let archiveDir = '';

function job(name: string) {
  const found = scheduledJobs({ auditRetentionDays: 365, auditArchiveDir: archiveDir }).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

function entry(at: Date, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { event: 'LOGOUT', result: 'success', ip: '10.0.0.1', requestId: `req-${at.getTime()}`, at, ...overrides };
}

describe('the scheduled jobs (issue 15)', () => {
  let t: TestApp;
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    archiveDir = join(await mkdtemp(join(tmpdir(), 'kc-jobs-')), 'archive');
    t = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await t?.close();
    await schemas?.cleanup();
    await rm(join(archiveDir, '..'), { recursive: true, force: true });
  });

  it('the upload janitor removes a day-old upload that no saved form refers to, and keeps the rest', async () => {
    const alice = await createLoggedInUser(t, 'alice');
    const kept = await uploadOk(t, alice, ACTIVITY);
    const orphan = await uploadOk(t, alice, ACTIVITY);
    const view = await firstSave(t, alice, ACTIVITY);
    await saveOk(t, alice, { activityId: ACTIVITY, step: 'files', version: view.version, data: { license: [kept] } });
    // Not yet a day old: nothing goes.
    expect(await removeUnreferencedUploads(t.db, t.app.fileStore, t.clock.now())).toEqual({ removed: 0 });
    const recent = await uploadOk(t, alice, ACTIVITY);
    // A day later, for the two older ones; the one uploaded just now is still young.
    await t.db
      .update(attachments)
      .set({ createdAt: new Date(t.clock.now().getTime() - UPLOAD_GRACE_MS - 60_000) })
      .where(eq(attachments.id, kept.id));
    await t.db
      .update(attachments)
      .set({ createdAt: new Date(t.clock.now().getTime() - UPLOAD_GRACE_MS - 60_000) })
      .where(eq(attachments.id, orphan.id));
    expect(await job('upload-janitor').run(t.app, t.clock.now())).toEqual({ removed: 1 });
    const left = (await t.db.select({ id: attachments.id }).from(attachments)).map((row) => row.id).sort();
    expect(left).toEqual([kept.id, recent.id].sort());
    expect(await t.app.fileStore.open(orphan.id)).toBeUndefined();
    const stream = (await t.app.fileStore.open(kept.id)) as Readable;
    expect(stream).toBeDefined();
    stream.destroy();
  });

  it('audit retention removes rows past the period, keeps the chain verifiable, and never goes under 180 days', async () => {
    // A log of its own: the rows the other tests write now (an upload's FILE_UPLOADED) would sit before the old rows
    // below, and the database refuses to delete a row younger than 180 days (ADR 0064 added that audit row).
    const t = await createTestApp({ schemasDir: schemas.dir });
    try {
      const now = new Date();
      const old = [4, 3, 2].map((years) => new Date(now.getTime() - years * 365 * DAY_MS));
      for (const at of old) await writeAudit(t.db, entry(at));
      const young = new Date(now.getTime() - 100 * DAY_MS);
      await writeAudit(t.db, entry(young));
      const before = await t.db.select({ id: auditLog.id, at: auditLog.at }).from(auditLog).orderBy(asc(auditLog.id));
      // Keep one year: the three old rows, and whatever the earlier tests wrote before them, go.
      const expected = before.filter((row) => row.at < new Date(now.getTime() - 365 * DAY_MS)).length;
      const outcome = await job('audit-retention').run(t.app, now);
      expect(outcome).toMatchObject({ removed: expected });
      // Archived first (ADR 0069; tests/server/services/audit/audit-archive.test.ts covers the archive itself).
      expect(String(outcome['archives'])).toMatch(/^audit-\d{12}-\d{12}\.jsonl\.gz$/);
      const after = await t.db.select({ at: auditLog.at, event: auditLog.event }).from(auditLog).orderBy(asc(auditLog.id));
      expect(after.every((row) => row.at >= new Date(now.getTime() - 365 * DAY_MS))).toBe(true);
      // The removal is itself audited, and the chain from the anchor holds.
      expect(after.at(-1)?.event).toBe('AUDIT_RETENTION');
      expect(await verifyAuditChain(t.db)).toBeNull();
      await writeAudit(t.db, entry(new Date()));
      expect(await verifyAuditChain(t.db)).toBeNull();
      // Asked for 30 days, it still keeps 180: the 100-day-old row stays.
      expect(await applyAuditRetention(t.db, now, { retentionDays: 30, archiveDir })).toEqual({
        removed: 0,
        throughId: null,
        archives: [],
      });
      // And an ordinary DELETE is still refused, even of an old row.
      expect(await databaseError(t.db.execute(sql`DELETE FROM audit_log`))).toContain('append-only');
    } finally {
      await t.close();
    }
  });

  it('the chain check audits and logs a broken chain', async () => {
    expect(await job('audit-chain-check').run(t.app, new Date())).toEqual({ brokenAt: null });
    const victim = (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id)).limit(1))[0]?.id ?? 0;
    await t.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
    await t.db.execute(sql`UPDATE audit_log SET username = 'mallory' WHERE id = ${victim}`);
    await t.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`);
    expect(await job('audit-chain-check').run(t.app, new Date())).toEqual({ brokenAt: victim });
    const last = (
      await t.db
        .select({ event: auditLog.event, objectId: auditLog.objectId, result: auditLog.result })
        .from(auditLog)
        .orderBy(asc(auditLog.id))
    ).at(-1);
    expect(last).toEqual({ event: 'AUDIT_CHAIN_BROKEN', objectId: String(victim), result: 'failure' });
  });
});

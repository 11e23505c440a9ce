import { asc, eq, sql } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditArchiveDirOf, loadConfig } from '../../../../src/server/config/server-config';
import { ConfigError } from '../../../../src/server/config/config-error';
import { auditAnchor, auditLog } from '../../../../src/server/db/schema';
import { listAuditArchives } from '../../../../src/server/services/audit/audit-archive-files';
import { auditArchiveLine, parseAuditArchiveLine, type AuditRow } from '../../../../src/server/services/audit/audit-archive-line';
import type { AuditEntry } from '../../../../src/server/services/audit/audit-entry';
import { auditHash } from '../../../../src/server/services/audit/audit-hash';
import { applyAuditRetention } from '../../../../src/server/services/audit/apply-audit-retention';
import { fileSha256 } from '../../../../src/server/services/audit/check-audit-archive';
import { verifyAuditArchives } from '../../../../src/server/services/audit/verify-audit-archives';
import { verifyAuditChain } from '../../../../src/server/services/audit/verify-audit-chain';
import { writeAuditArchive } from '../../../../src/server/services/audit/write-audit-archive';
import { AUDIT_GENESIS_HASH } from '../../../../src/server/services/audit/audit-hash';
import { writeAudit } from '../../../../src/server/services/audit/write-audit';
import { scheduledJobs } from '../../../../src/server/services/jobs/scheduled-jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/*
 * SECURITY R33 and ADR 0069: the retention job archives the audit rows it is about to delete to a gzip,
 * hash-chained JSON-lines file, fsynced and read back before the deletion commits, and the archives with
 * the table verify as one chain. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL. The database's
 * trigger judges "older than 180 days" by its own clock, so the rows are dated from the real time.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function entry(at: Date, username: string): AuditEntry {
  return { event: 'LOGIN_SUCCESS', result: 'success', username, ip: '10.0.0.1', requestId: `req-${username}`, at };
}

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

describe('audit retention archives before it deletes (R33)', () => {
  let t: TestApp;
  let root = '';
  let archiveDir = '';
  const now = new Date();

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kc-archive-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  // A log of its own for each test: retention deletes by id, oldest first.
  beforeEach(async () => {
    t = await createTestApp();
    archiveDir = await mkdtemp(join(root, 'case-'));
  });
  afterEach(async () => {
    await t?.close();
  });

  async function rows(): Promise<Array<{ id: number; username: string | null; event: string }>> {
    return t.db.select({ id: auditLog.id, username: auditLog.username, event: auditLog.event }).from(auditLog).orderBy(asc(auditLog.id));
  }

  async function archivedRows(path: string): Promise<AuditRow[]> {
    return gunzipSync(await readFile(path))
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map(parseAuditArchiveLine);
  }

  function retentionJob(days: number | undefined) {
    const job = scheduledJobs({ auditRetentionDays: days ?? 0, auditArchiveDir: archiveDir }).find((one) => one.name === 'audit-retention');
    if (!job) throw new Error('no audit-retention job');
    return job;
  }

  it('takes AUDIT_RETENTION_DAYS of 180 or more, refuses less, and never deletes a row younger than 180 days', async () => {
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '179' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '180.5' })).toThrow(ConfigError);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '180' }).auditRetentionDays).toBe(180);
    expect(loadConfig({}).auditRetentionDays).toBeUndefined();
    // The archive folder: the data folder's archive/ unless AUDIT_ARCHIVE_DIR names one.
    expect(auditArchiveDirOf(loadConfig({ DATA_DIR: '/srv/kc' }))).toBe('/srv/kc/archive');
    expect(auditArchiveDirOf(loadConfig({ DATA_DIR: '/srv/kc', AUDIT_ARCHIVE_DIR: 'logs' }, '/opt'))).toBe('/opt/logs');
    // Asked for 30 days, the job still keeps 180.
    await writeAudit(t.db, entry(daysAgo(now, 179), 'young'));
    const before = await rows();
    expect(await applyAuditRetention(t.db, now, { retentionDays: 30, archiveDir })).toEqual({ removed: 0, throughId: null, archives: [] });
    expect(await rows()).toEqual(before);
    expect(await readdir(archiveDir)).toEqual([]);
  });

  it('archives and removes the row of 181 days ago, keeps the one of 179, and audits the archive', async () => {
    await writeAudit(t.db, entry(daysAgo(now, 181), 'old'));
    await writeAudit(t.db, entry(daysAgo(now, 179), 'young'));
    const [old] = await rows();
    const outcome = await retentionJob(loadConfig({ AUDIT_RETENTION_DAYS: '180' }).auditRetentionDays).run(t.app, now);
    expect(outcome).toMatchObject({ removed: 1, throughId: old?.id });

    const [archive, ...others] = await listAuditArchives(archiveDir);
    expect(others).toEqual([]);
    expect(archive).toMatchObject({ fromId: old?.id, toId: old?.id });
    const archived = await archivedRows(archive?.path ?? '');
    expect(archived.map((row) => [row.id, row.username])).toEqual([[old?.id, 'old']]);
    // Chained from the genesis; the table now goes on from the archive's last hash.
    expect(archived[0]?.prevHash).toBe(AUDIT_GENESIS_HASH);
    const [anchor] = await t.db.select().from(auditAnchor);
    expect(anchor).toMatchObject({ hash: archived[0]?.hash, throughId: old?.id });

    const left = await rows();
    expect(left.map((row) => row.username)).toEqual(['young', 'system']);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'AUDIT_RETENTION'));
    expect(audit).toMatchObject({
      objectType: 'audit_archive',
      objectId: archive?.name,
      result: 'success',
      reason: `ids=${old?.id}-${old?.id} count=1 sha256=${await fileSha256(archive?.path ?? '')}`,
    });
    // Metadata only: the line holds the row's columns and its two hashes, nothing more.
    const line = gunzipSync(await readFile(archive?.path ?? '')).toString('utf8');
    expect(Object.keys(JSON.parse(line) as object).sort()).toEqual(
      [
        'id',
        'action',
        'at',
        'event',
        'ip',
        'object_id',
        'object_type',
        'reason',
        'request_id',
        'result',
        'role',
        'user_agent',
        'user_id',
        'username',
        'prev_hash',
        'hash',
      ].sort(),
    );
    expect(await verifyAuditArchives(t.db, archiveDir)).toEqual({
      archives: [{ name: archive?.name, count: 1, sha256: await fileSha256(archive?.path ?? '') }],
      uncommitted: [],
      problem: null,
    });
  });

  it('keeps for 200 days when AUDIT_RETENTION_DAYS says 200', async () => {
    await writeAudit(t.db, entry(daysAgo(now, 201), 'past-200'));
    await writeAudit(t.db, entry(daysAgo(now, 199), 'within-200'));
    const config = loadConfig({ AUDIT_RETENTION_DAYS: '200' });
    expect(config.auditRetentionDays).toBe(200);
    expect(await retentionJob(config.auditRetentionDays).run(t.app, now)).toMatchObject({ removed: 1 });
    // 180 would have taken the 199-day row too.
    expect((await rows()).map((row) => row.username)).toEqual(['within-200', 'system']);
  });

  it('deletes nothing when the archive cannot be written', async () => {
    for (const days of [400, 300, 200]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
    const before = await rows();
    // A folder that cannot exist: its parent is a file.
    const blocker = join(archiveDir, 'not-a-folder');
    await writeFile(blocker, '');
    await expect(applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir: join(blocker, 'archive') })).rejects.toThrow(/ENOTDIR/);
    expect(await rows()).toEqual(before);
    expect(await t.db.select().from(auditAnchor)).toEqual([]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('deletes nothing when the rows to archive are not one chain', async () => {
    for (const days of [400, 300]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
    const [first] = await rows();
    await t.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
    await t.db.execute(sql`UPDATE audit_log SET username = 'mallory' WHERE id = ${first?.id ?? 0}`);
    await t.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`);
    const before = await rows();
    await expect(applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir })).rejects.toThrow(/hash does not match/);
    expect(await rows()).toEqual(before);
    expect(await readdir(archiveDir)).toEqual([]);
  });

  it('writes one archive per batch, each audited, and they verify with the table as one chain', async () => {
    for (const days of [500, 450, 400, 350, 300]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
    await writeAudit(t.db, entry(daysAgo(now, 10), 'recent'));
    const outcome = await applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir, batchRows: 2 });
    expect(outcome.removed).toBe(5);
    expect(outcome.archives.map((archive) => archive.count)).toEqual([2, 2, 1]);
    const archives = await listAuditArchives(archiveDir);
    expect(archives.map((archive) => archive.name)).toEqual(outcome.archives.map((archive) => archive.name));
    // Each file's first line names the previous file's last hash.
    const second = await archivedRows(archives[1]?.path ?? '');
    const first = await archivedRows(archives[0]?.path ?? '');
    expect(second[0]?.prevHash).toBe(first.at(-1)?.hash);
    const audits = await t.db.select({ objectId: auditLog.objectId }).from(auditLog).where(eq(auditLog.event, 'AUDIT_RETENTION'));
    expect(audits.map((row) => row.objectId)).toEqual(outcome.archives.map((archive) => archive.name));
    const verified = await verifyAuditArchives(t.db, archiveDir);
    expect(verified.problem).toBeNull();
    expect(verified.archives.map((archive) => archive.count)).toEqual([2, 2, 1]);
    // A later run finds nothing more, and new rows still chain on.
    expect((await applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir })).removed).toBe(0);
    await writeAudit(t.db, entry(new Date(), 'later'));
    expect((await verifyAuditArchives(t.db, archiveDir)).problem).toBeNull();
  });

  describe('the verification', () => {
    async function archiveThree(): Promise<{ path: string; name: string; rows: AuditRow[] }> {
      for (const days of [400, 300, 200]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
      await applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir });
      const [archive] = await listAuditArchives(archiveDir);
      if (!archive) throw new Error('no archive');
      return { path: archive.path, name: archive.name, rows: await archivedRows(archive.path) };
    }

    async function rewrite(path: string, rows: AuditRow[]): Promise<void> {
      await writeFile(path, gzipSync(rows.map((row) => `${auditArchiveLine(row)}\n`).join('')));
    }

    it('finds a changed archive line: its file, line and id', async () => {
      const { path, name, rows: archived } = await archiveThree();
      const changed = archived.map((row, index) => (index === 1 ? { ...row, username: 'mallory' } : row));
      await rewrite(path, changed);
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toEqual({
        file: name,
        line: 2,
        id: archived[1]?.id,
        reason: 'hash does not match the row',
      });
    });

    it('finds a line changed with its hash made again: the next line no longer follows it', async () => {
      const { path, name, rows: archived } = await archiveThree();
      const forged = { ...(archived[1] as AuditRow), username: 'mallory' };
      forged.hash = auditHash(forged.prevHash, forged);
      await rewrite(
        path,
        archived.map((row, index) => (index === 1 ? forged : row)),
      );
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toMatchObject({ file: name, line: 3, id: archived[2]?.id });
    });

    it('finds a removed line, a missing archive and a file that is not gzip', async () => {
      const { path, name, rows: archived } = await archiveThree();
      await rewrite(path, [archived[0] as AuditRow, archived[2] as AuditRow]);
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toMatchObject({ file: name, line: 2, id: archived[2]?.id });
      await writeFile(path, 'not gzip');
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toMatchObject({
        file: name,
        line: 0,
        reason: expect.stringMatching(/unreadable/),
      });
      await rm(path);
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toMatchObject({ file: 'audit_log', id: archived[2]?.id });
    });

    it('starts from the oldest archive kept when told to, for archives moved off the host', async () => {
      for (const days of [500, 450, 400, 350]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
      await applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir, batchRows: 2 });
      const [oldest] = await listAuditArchives(archiveDir);
      await rm(oldest?.path ?? '');
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toMatchObject({ line: 1, reason: expect.stringMatching(/missing/) });
      expect((await verifyAuditArchives(t.db, archiveDir, { fromFirstArchive: true })).problem).toBeNull();
    });

    it('sets aside an archive whose deletion never committed, and archives its rows again', async () => {
      for (const days of [400, 300]) await writeAudit(t.db, entry(daysAgo(now, days), `d${days}`));
      // Written, then the process died before the deletion committed: the rows are all still in the table.
      const table = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
      const stray = await writeAuditArchive(
        archiveDir,
        AUDIT_GENESIS_HASH,
        (async function* () {
          yield table;
        })(),
      );
      expect(await verifyAuditArchives(t.db, archiveDir)).toEqual({ archives: [], uncommitted: [stray?.name], problem: null });
      const outcome = await applyAuditRetention(t.db, now, { retentionDays: 180, archiveDir });
      expect(outcome.archives.map((archive) => archive.name)).toEqual([stray?.name]);
      const names = await readdir(archiveDir);
      expect(names).toHaveLength(2);
      expect(names.some((name) => name.startsWith(`${stray?.name ?? ''}.uncommitted-`))).toBe(true);
      expect((await verifyAuditArchives(t.db, archiveDir)).problem).toBeNull();
    });
  });
});

// npx tsx tests/bench/audit-archive.ts: prints figures, asserts nothing (ADR 0069). Fills an audit log with
// AUDIT_BENCH_ROWS rows (100,000 by default) older than the retention, twice, and runs in one process,
// one after the other: the old retention (delete and move the anchor, as before ADR 0069) on the first
// log, the archiving retention (write, fsync, read back and check each gzip archive, then delete) on the
// second; then the end-to-end verification of archives and table. PostgreSQL when DATABASE_URL is set,
// PGlite in a temporary folder otherwise. BENCH_KEEP=1 keeps the second folder for audit:verify-archive.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { auditAnchor, auditLog } from '../../src/server/db/schema';
import { applyAuditRetention } from '../../src/server/services/audit/apply-audit-retention';
import { listAuditArchives } from '../../src/server/services/audit/audit-archive-files';
import { auditFields } from '../../src/server/services/audit/write-audit';
import { AUDIT_GENESIS_HASH, auditHash } from '../../src/server/services/audit/audit-hash';
import { verifyAuditArchives } from '../../src/server/services/audit/verify-audit-archives';

const ROWS = Number(process.env['AUDIT_BENCH_ROWS'] ?? 100_000);
const url = process.env['DATABASE_URL'];
const now = new Date();

async function fill(database: Database): Promise<void> {
  await database.migrate();
  // One PostgreSQL database serves both runs: the second starts from an empty log again.
  if (url)
    await database.db.execute(
      sql`TRUNCATE audit_anchor; ALTER TABLE audit_log DISABLE TRIGGER USER; TRUNCATE audit_log RESTART IDENTITY; ALTER TABLE audit_log ENABLE TRIGGER USER`,
    );
  let prev = AUDIT_GENESIS_HASH;
  const start = now.getTime() - 3 * 365 * 86_400_000;
  for (let offset = 0; offset < ROWS; offset += 1000) {
    const values = [];
    for (let i = offset; i < Math.min(ROWS, offset + 1000); i += 1) {
      const fields = auditFields({
        event: i % 3 === 0 ? 'LOGIN_SUCCESS' : 'RECORD_UPDATED',
        result: 'success',
        userId: null,
        username: `user${i % 500}`,
        role: 'reviewer',
        ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
        objectType: 'record',
        objectId: `rec-${i}`,
        action: 'credit.update',
        requestId: `req-${i}`,
        at: new Date(start + i * 60_000),
      });
      const hash = auditHash(prev, fields);
      values.push({ ...fields, prevHash: prev, hash });
      prev = hash;
    }
    await database.db.insert(auditLog).values(values);
  }
}

function seconds(from: number): string {
  return ((performance.now() - from) / 1000).toFixed(2);
}

// The old retention, as it was before ADR 0069: one DELETE and the anchor, no archive.
async function deleteOnly(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('kechuang.audit_retention', 'on', true)`);
    const last = await tx.execute(sql`SELECT max(id) AS id, (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS hash FROM audit_log`);
    const row = (last as unknown as { rows: Array<{ id: number; hash: string }> }).rows[0];
    const removed = await tx
      .delete(auditLog)
      .where(lte(auditLog.id, Number(row?.id)))
      .returning({ id: auditLog.id });
    await tx.insert(auditAnchor).values({ id: 1, hash: row?.hash ?? '', throughId: Number(row?.id), at: now });
    return removed.length;
  });
}

console.log(
  `audit archive bench: ${ROWS} rows, ${url ? 'PostgreSQL' : 'PGlite'}, load ${(await import('node:os')).loadavg()[0]?.toFixed(2)}`,
);
const dirs: string[] = [];
for (const mode of ['delete only (before)', 'archive then delete (after)'] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kc-bench-archive-'));
  dirs.push(dataDir);
  const database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    let started = performance.now();
    await fill(database);
    console.log(`  fill: ${seconds(started)} s`);
    started = performance.now();
    if (mode === 'delete only (before)') {
      const removed = await deleteOnly(database);
      console.log(`  ${mode}: ${removed} rows in ${seconds(started)} s`);
    } else {
      const archiveDir = join(dataDir, 'archive');
      const outcome = await applyAuditRetention(database.db, now, { retentionDays: 180, archiveDir });
      const elapsed = seconds(started);
      const files = await listAuditArchives(archiveDir);
      const bytes = files.reduce((sum, file) => sum + statSync(file.path).size, 0);
      console.log(
        `  ${mode}: ${outcome.removed} rows in ${elapsed} s, ${files.length} archives, ${(bytes / 1024 / 1024).toFixed(2)} MB (${(bytes / outcome.removed).toFixed(1)} bytes a row)`,
      );
      started = performance.now();
      const verified = await verifyAuditArchives(database.db, archiveDir);
      console.log(`  verify archives and table: ${seconds(started)} s, problem ${JSON.stringify(verified.problem)}`);
    }
  } finally {
    await database.close();
  }
}
if (process.env['BENCH_KEEP'] === '1') console.log(`kept ${dirs[1] ?? ''}`);
for (const dir of process.env['BENCH_KEEP'] === '1' ? dirs.slice(0, 1) : dirs) rmSync(dir, { recursive: true, force: true });

import { and, asc, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditAnchor, auditLog } from '../../db/schema';
import { AUDIT_GENESIS_HASH } from './audit-hash';
import type { AuditRow } from './audit-archive-line';
import { systemAuditEntry } from './system-audit-entry';
import { setAsideUncommittedArchives } from './set-aside-uncommitted-archives';
import { writeAuditArchive, type WrittenAuditArchive } from './write-audit-archive';
import { AUDIT_ANCHOR_ID, AUDIT_LOCK, writeAudit } from './write-audit';

/** MLPS 2.0 and the Cybersecurity Law: at least six months; the database refuses younger deletions too. */
export const AUDIT_RETENTION_FLOOR_DAYS = 180;
export const DEFAULT_AUDIT_RETENTION_DAYS = 3 * 365;
/** Rows per archive file, so that one transaction (holding the writers' lock) stays short. */
export const AUDIT_ARCHIVE_BATCH_ROWS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 5000;

export interface AuditRetentionOptions {
  /** Days kept online; never fewer than AUDIT_RETENTION_FLOOR_DAYS whatever is asked. */
  retentionDays?: number;
  /** Where the archives go (AUDIT_ARCHIVE_DIR, by default `<dataDir>/archive`). */
  archiveDir: string;
  /** Rows per archive file; AUDIT_ARCHIVE_BATCH_ROWS unless a test says. */
  batchRows?: number;
}

export interface AuditRetentionOutcome {
  removed: number;
  throughId: number | null;
  archives: Array<Pick<WrittenAuditArchive, 'name' | 'fromId' | 'toId' | 'count' | 'sha256'>>;
}

async function* rowsThrough(tx: Pick<Db, 'select'>, toId: number): AsyncGenerator<AuditRow[]> {
  let afterId = 0;
  for (;;) {
    const page = await tx
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, afterId), lte(auditLog.id, toId)))
      .orderBy(asc(auditLog.id))
      .limit(PAGE);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    afterId = last.id;
  }
}

/**
 * One archive's worth, in one transaction under the writers' lock: the oldest rows past the cutoff (at
 * most batchRows) are written to a checked, fsynced archive, and only then deleted; the anchor moves to
 * the last archived hash, which the first row kept (or the next archive) names as its predecessor; and an
 * AUDIT_RETENTION row names the file, the ids, the count and the file's SHA-256. Anything failing rolls
 * the deletion back, and the file it may have left is set aside by the next run. Null: nothing is due.
 */
async function archiveOneBatch(db: Db, now: Date, cutoff: Date, options: AuditRetentionOptions): Promise<WrittenAuditArchive | null> {
  return db.transaction(async (tx) => {
    await tx.execute(AUDIT_LOCK);
    const anchor = (await tx.select().from(auditAnchor).where(eq(auditAnchor.id, AUDIT_ANCHOR_ID)).limit(1))[0];
    await setAsideUncommittedArchives(options.archiveDir, anchor?.throughId ?? 0, now);
    const due = await tx.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, cutoff)).orderBy(desc(auditLog.id)).limit(1);
    const through = due[0];
    if (!through) return null;
    const batch = options.batchRows ?? AUDIT_ARCHIVE_BATCH_ROWS;
    const end = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lte(auditLog.id, through.id))
      .orderBy(asc(auditLog.id))
      .offset(batch - 1)
      .limit(1);
    const toId = Math.min(end[0]?.id ?? through.id, through.id);
    const archive = await writeAuditArchive(options.archiveDir, anchor?.hash ?? AUDIT_GENESIS_HASH, rowsThrough(tx, toId));
    if (!archive) return null;
    // The trigger lets this transaction, and only it, delete rows past the legal floor.
    await tx.execute(sql`SELECT set_config('kechuang.audit_retention', 'on', true)`);
    const removed = await tx.delete(auditLog).where(lte(auditLog.id, toId)).returning({ id: auditLog.id });
    if (removed.length !== archive.count) throw new Error(`archived ${archive.count} audit rows but would delete ${removed.length}`);
    await tx
      .insert(auditAnchor)
      .values({ id: AUDIT_ANCHOR_ID, hash: archive.lastHash, throughId: toId, at: now })
      .onConflictDoUpdate({ target: auditAnchor.id, set: { hash: archive.lastHash, throughId: toId, at: now } });
    await writeAudit(tx, {
      ...systemAuditEntry('audit-retention', now),
      event: 'AUDIT_RETENTION',
      result: 'success',
      objectType: 'audit_archive',
      objectId: archive.name,
      reason: `ids=${archive.fromId}-${archive.toId} count=${archive.count} sha256=${archive.sha256}`,
    });
    return archive;
  });
}

/**
 * Archives, then removes, the audit rows older than the retention period, oldest first (SECURITY R31,
 * R32, R33, issue 15, ADR 0069). The archives and the rows kept verify as one chain: each archive's first
 * line names the previous archive's last hash (or the genesis), and the table's first row names the last
 * archive's (audit_anchor). If an archive cannot be written, fsynced and read back whole, nothing is
 * deleted. Rows younger than 180 days stay whatever is asked, and the database refuses them too.
 */
export async function applyAuditRetention(db: Db, now: Date, options: AuditRetentionOptions): Promise<AuditRetentionOutcome> {
  const days = Math.max(options.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS, AUDIT_RETENTION_FLOOR_DAYS);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const outcome: AuditRetentionOutcome = { removed: 0, throughId: null, archives: [] };
  for (;;) {
    const archive = await archiveOneBatch(db, now, cutoff, options);
    if (!archive) return outcome;
    outcome.removed += archive.count;
    outcome.throughId = archive.toId;
    outcome.archives.push({ name: archive.name, fromId: archive.fromId, toId: archive.toId, count: archive.count, sha256: archive.sha256 });
  }
}

import { desc, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditAnchor, auditLog } from '../../db/schema';
import { AUDIT_ANCHOR_ID, AUDIT_LOCK } from './write-audit';

/** MLPS 2.0 and the Cybersecurity Law: at least six months; the database refuses younger deletions too. */
export const AUDIT_RETENTION_FLOOR_DAYS = 180;
export const DEFAULT_AUDIT_RETENTION_DAYS = 3 * 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the audit rows older than the retention period, oldest first, and records where the
 * chain now starts: the hash of the last removed row, which the first remaining row names as its
 * predecessor, so the chain check still verifies every row kept (SECURITY R31, R32, issue 15).
 * Runs under the writers' lock, so no row is appended while the anchor moves.
 */
export async function applyAuditRetention(
  db: Db,
  now: Date,
  retentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
): Promise<{ removed: number; throughId: number | null }> {
  const days = Math.max(retentionDays, AUDIT_RETENTION_FLOOR_DAYS);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.execute(AUDIT_LOCK);
    const last = await tx
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .where(lt(auditLog.at, cutoff))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const through = last[0];
    if (!through) return { removed: 0, throughId: null };
    // The trigger lets this transaction, and only it, delete rows past the legal floor.
    await tx.execute(sql`SELECT set_config('kechuang.audit_retention', 'on', true)`);
    const removed = await tx.delete(auditLog).where(lte(auditLog.id, through.id)).returning({ id: auditLog.id });
    await tx
      .insert(auditAnchor)
      .values({ id: AUDIT_ANCHOR_ID, hash: through.hash, throughId: through.id, at: now })
      .onConflictDoUpdate({ target: auditAnchor.id, set: { hash: through.hash, throughId: through.id, at: now } });
    return { removed: removed.length, throughId: through.id };
  });
}

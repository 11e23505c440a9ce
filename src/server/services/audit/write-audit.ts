import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditAnchor, auditLog } from '../../db/schema';
import type { AuditEntry, AuditFields } from './audit-entry';
import { AUDIT_GENESIS_HASH, auditHash } from './audit-hash';
import { escapeLogValue, escapeOptional } from './escape-log-value';

/** The database, or a transaction already open: writeAudit opens its own (or a savepoint in it). */
export type AuditDb = Pick<Db, 'transaction'>;

/** The one row of audit_anchor. */
export const AUDIT_ANCHOR_ID = 1;

// The two-key form: its key space never meets the one-key locks (migrations, activity submits).
export const AUDIT_LOCK = sql`SELECT pg_advisory_xact_lock(7202605, 1)`;

/** What is stored: every free-text value escaped against log injection (SECURITY R32). */
export function auditFields(entry: AuditEntry): AuditFields {
  return {
    at: entry.at,
    userId: entry.userId ?? null,
    username: escapeOptional(entry.username),
    role: escapeOptional(entry.role),
    ip: escapeLogValue(entry.ip),
    userAgent: escapeOptional(entry.userAgent),
    event: entry.event,
    objectType: escapeOptional(entry.objectType),
    objectId: escapeOptional(entry.objectId),
    action: escapeOptional(entry.action),
    result: entry.result,
    reason: escapeOptional(entry.reason),
    requestId: escapeLogValue(entry.requestId),
  };
}

/** The predecessor of the first row: the genesis, or the last row retention removed. */
export async function chainStart(db: Pick<Db, 'select'>): Promise<string> {
  const anchor = await db.select({ hash: auditAnchor.hash }).from(auditAnchor).where(eq(auditAnchor.id, AUDIT_ANCHOR_ID)).limit(1);
  return anchor[0]?.hash ?? AUDIT_GENESIS_HASH;
}

/**
 * Appends one audit row to the hash chain (SECURITY R31, R32). The writers are serialised by a
 * transaction-level advisory lock, taken before the last hash is read, so two writers can never
 * chain to the same predecessor (the chain has no forks; a unique prev_hash backs that up) and ids
 * follow the chain. Given a transaction, the row is written in it (a savepoint) and the lock is held
 * until that transaction ends: the business write and its audit row commit or roll back together.
 */
export async function writeAudit(db: AuditDb, entry: AuditEntry): Promise<void> {
  const fields = auditFields(entry);
  await db.transaction(async (tx) => {
    await tx.execute(AUDIT_LOCK);
    const last = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const prevHash = last[0]?.hash ?? (await chainStart(tx));
    await tx.insert(auditLog).values({ ...fields, prevHash, hash: auditHash(prevHash, fields) });
  });
}

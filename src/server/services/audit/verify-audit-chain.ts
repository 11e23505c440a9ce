import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';
import { auditHash } from './audit-hash';
import { chainStart } from './write-audit';

const BATCH = 1000;

/**
 * Walks the audit chain in id order and returns the id of the first row whose prev_hash is not its
 * predecessor's hash or whose own hash does not match its fields (a changed, forged, removed or
 * reordered row), or null when the whole chain holds (SECURITY R32). Reads in batches, so a long
 * log does not have to fit in memory. Once retention has removed the oldest rows, the chain starts
 * at the anchor it left (audit_anchor).
 */
export async function verifyAuditChain(db: Pick<Db, 'select'>): Promise<number | null> {
  let expectedPrev = await chainStart(db);
  let afterId = 0;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(BATCH);
    for (const row of rows) {
      if (row.prevHash !== expectedPrev || auditHash(row.prevHash, row) !== row.hash) return row.id;
      expectedPrev = row.hash;
    }
    const lastRow = rows.at(-1);
    if (!lastRow || rows.length < BATCH) return null;
    afterId = lastRow.id;
  }
}

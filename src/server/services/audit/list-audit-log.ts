import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { AuditLogPageRequest } from '../../../shared/generated/audit-log-page-request';
import type { AuditLogRecord } from '../../../shared/generated/audit-log-record';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';
import { escapeLogValue } from './escape-log-value';

function conditions(filter: Omit<AuditLogPageRequest, 'pageNo' | 'pageSize'>): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.event) parts.push(eq(auditLog.event, filter.event));
  if (filter.result) parts.push(eq(auditLog.result, filter.result));
  if (filter.objectType) parts.push(eq(auditLog.objectType, filter.objectType));
  // Names are stored escaped (R32), so the search term is escaped the same way before it is compared.
  if (filter.username) parts.push(ilike(auditLog.username, containsPattern(escapeLogValue(filter.username))));
  if (filter.from) parts.push(gte(auditLog.at, new Date(filter.from)));
  if (filter.to) parts.push(lte(auditLog.at, new Date(filter.to)));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of the audit log, newest first (by id, which follows the chain), with the total. */
export async function listAuditLog(
  db: Db,
  request: AuditLogPageRequest & { pageNo: number; pageSize: number },
): Promise<{ total: number; records: AuditLogRecord[] }> {
  const where = conditions(request);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(request.pageSize)
    .offset((request.pageNo - 1) * request.pageSize);
  const totals = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    total: Number(totals[0]?.n ?? 0),
    records: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      userId: row.userId,
      username: row.username,
      role: row.role,
      ip: row.ip,
      userAgent: row.userAgent,
      event: row.event,
      objectType: row.objectType,
      objectId: row.objectId,
      action: row.action,
      result: row.result === 'failure' ? 'failure' : 'success',
      reason: row.reason,
      requestId: row.requestId,
    })),
  };
}

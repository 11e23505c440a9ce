import { sha256Hex } from '../../lib/sha256';
import type { AuditFields } from './audit-entry';

/** The first row's predecessor. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * The row's fields as canonical JSON: the column names as keys in sorted order (as RFC 8785 sorts
 * them), the time as ISO-8601 UTC with milliseconds (what timestamptz gives back for a JavaScript
 * Date), absent values as null. The id is left out: it is drawn by the insert, and the chain itself
 * orders the rows.
 */
export function canonicalAuditJson(fields: AuditFields): string {
  const row: Record<string, string | null> = {
    action: fields.action,
    at: fields.at.toISOString(),
    event: fields.event,
    ip: fields.ip,
    object_id: fields.objectId,
    object_type: fields.objectType,
    reason: fields.reason,
    request_id: fields.requestId,
    result: fields.result,
    role: fields.role,
    user_agent: fields.userAgent,
    user_id: fields.userId,
    username: fields.username,
  };
  return JSON.stringify(row);
}

/** SECURITY R32: hash = SHA-256(prev_hash ‖ canonical row). */
export function auditHash(prevHash: string, fields: AuditFields): string {
  return sha256Hex(prevHash + canonicalAuditJson(fields));
}

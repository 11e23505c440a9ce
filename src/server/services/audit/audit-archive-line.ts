import type { auditLog } from '../../db/schema';
import { auditHash } from './audit-hash';

/** One stored audit row, as the table and an archive line both hold it. */
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * One archive line (SECURITY R33, ADR 0069): the row's id, the fields its hash covers under the column
 * names canonicalAuditJson uses, and the chain's two hashes, so that the line alone proves its place:
 * `hash = SHA-256(prev_hash ‖ canonical row)` and `prev_hash` is the line before's `hash`. Nothing is
 * added to what the table held (metadata only, no payloads: R33, PIPL Art. 19).
 */
export function auditArchiveLine(row: AuditRow): string {
  return JSON.stringify({
    id: row.id,
    action: row.action,
    at: row.at.toISOString(),
    event: row.event,
    ip: row.ip,
    object_id: row.objectId,
    object_type: row.objectType,
    reason: row.reason,
    request_id: row.requestId,
    result: row.result,
    role: row.role,
    user_agent: row.userAgent,
    user_id: row.userId,
    username: row.username,
    prev_hash: row.prevHash,
    hash: row.hash,
  });
}

function text(value: Record<string, unknown>, key: string): string {
  const found = value[key];
  if (typeof found !== 'string') throw new Error(`${key} is not a string`);
  return found;
}

function optionalText(value: Record<string, unknown>, key: string): string | null {
  const found = value[key];
  if (found === null) return null;
  if (typeof found !== 'string') throw new Error(`${key} is neither a string nor null`);
  return found;
}

/** Reads a line back into the row it was written from; throws on a line that is not one. */
export function parseAuditArchiveLine(line: string): AuditRow {
  const value: unknown = JSON.parse(line);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  const fields = value as Record<string, unknown>;
  const id = fields['id'];
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new Error('id is not a positive integer');
  const at = new Date(text(fields, 'at'));
  if (Number.isNaN(at.getTime())) throw new Error('at is not a time');
  return {
    id,
    at,
    userId: optionalText(fields, 'user_id'),
    username: optionalText(fields, 'username'),
    role: optionalText(fields, 'role'),
    ip: text(fields, 'ip'),
    userAgent: optionalText(fields, 'user_agent'),
    event: text(fields, 'event'),
    objectType: optionalText(fields, 'object_type'),
    objectId: optionalText(fields, 'object_id'),
    action: optionalText(fields, 'action'),
    result: text(fields, 'result'),
    reason: optionalText(fields, 'reason'),
    requestId: text(fields, 'request_id'),
    prevHash: text(fields, 'prev_hash'),
    hash: text(fields, 'hash'),
  };
}

/** Why a row does not follow `expectedPrev` in the chain, or null when it does (SECURITY R32). */
export function auditChainProblem(row: AuditRow, expectedPrev: string): string | null {
  if (row.prevHash !== expectedPrev) return 'prev_hash is not the hash of the row before';
  if (auditHash(row.prevHash, row) !== row.hash) return 'hash does not match the row';
  return null;
}

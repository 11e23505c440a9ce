import type { AuditEvent, AuditResult } from '../../../shared/audit/audit-events';
import type { auditLog } from '../../db/schema';

/**
 * One audit record as a caller describes it (SECURITY R31). Never put a password, an SMS or captcha
 * code, a token (a token's hash at most) or a full phone or ID number in any field (R32).
 */
export interface AuditEntry {
  event: AuditEvent;
  result: AuditResult;
  /** A reason code (the server message key of a refusal, 'locked'…), not free text. */
  reason?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  /** 'permissionId.action' where one applies. */
  action?: string | null;
  userId?: string | null;
  username?: string | null;
  role?: string | null;
  /** The trusted client address: Fastify's request.ip (no proxy is trusted). */
  ip: string;
  userAgent?: string | null;
  requestId: string;
  at: Date;
}

/** The stored fields the hash covers: the table's columns but the id and the chain's own two. */
export type AuditFields = Omit<typeof auditLog.$inferSelect, 'id' | 'prevHash' | 'hash'>;

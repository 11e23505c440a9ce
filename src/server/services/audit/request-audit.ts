import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from './audit-entry';
import { writeAudit, type AuditDb } from './write-audit';

/** What the caller says about the event; who, where from and when come from the request. */
export type RequestAuditEntry = Omit<AuditEntry, 'ip' | 'userAgent' | 'requestId' | 'at'>;

/**
 * The record of an event on this request: the trusted client address (request.ip; no proxy is
 * trusted), the user agent, the request id, the app clock, and the logged-in user unless the
 * entry names one (a login names the account it tried).
 */
export function requestAuditEntry(request: FastifyRequest, entry: RequestAuditEntry): AuditEntry {
  const user = request.user;
  return {
    userId: user?.id ?? null,
    username: user?.username ?? null,
    role: user?.role ?? null,
    ...entry,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: request.id,
    at: request.server.clock(),
  };
}

/**
 * Writes the request's audit row. Pass the business write's transaction where there is one, so a
 * failed audit rolls the write back (SECURITY R32); by default it is written on its own, right after.
 */
export async function auditRequest(
  request: FastifyRequest,
  entry: RequestAuditEntry,
  db: AuditDb = request.server.database.db,
): Promise<void> {
  await writeAudit(db, requestAuditEntry(request, entry));
}

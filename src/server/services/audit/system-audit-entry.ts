import type { AuditEntry } from './audit-entry';

/** Who a scheduled job's audit row names: no user, no client address; the job and the time as the request. */
export function systemAuditEntry(job: string, now: Date): Pick<AuditEntry, 'username' | 'ip' | 'requestId' | 'at'> {
  return { username: 'system', ip: '-', requestId: `job:${job}:${now.toISOString()}`, at: now };
}

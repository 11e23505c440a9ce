import type { FastifyInstance } from 'fastify';
import { removeUnreferencedUploads } from '../files/remove-unreferenced-uploads';
import { applyAuditRetention } from '../audit/apply-audit-retention';
import { verifyAuditChain } from '../audit/verify-audit-chain';
import { writeAudit } from '../audit/write-audit';
import { systemAuditEntry } from '../audit/system-audit-entry';
import type { ScheduledJob } from './scheduled-job';
import { sweepExpiredKeys } from '../../db/sweep-expired-keys';

/** The portal's timetable (Beijing time), run by startJobQueue once per occurrence across processes. */
export function scheduledJobs(options: {
  auditRetentionDays: number;
  /** Where retention archives what it removes; without one the retention job refuses to delete anything. */
  auditArchiveDir?: string | undefined;
}): ScheduledJob[] {
  return [
    {
      // Deliveries written while no queue ran in their process, or whose hand-over failed (ADR 0034).
      name: 'message-delivery-sweep',
      cron: '*/5 * * * *',
      run: async (app, now) => ({ requeued: await app.deliveryQueue.requeue(new Date(now.getTime() - 60_000)) }),
    },
    {
      // Idempotency keys past their 24 hours and rate-limit counters whose window has ended (SECURITY R28, R37, ADR 0064).
      name: 'expired-keys-sweep',
      cron: '7 * * * *',
      run: async (app, now) => sweepExpiredKeys(app.database.db, now),
    },
    {
      // Uploads that no saved form refers to a day later (SECURITY R26, R36).
      name: 'upload-janitor',
      cron: '17 * * * *',
      run: async (app: FastifyInstance, now) => removeUnreferencedUploads(app.database.db, app.fileStore, now),
    },
    {
      // Audit rows past their retention, archived first, never younger than 180 days (SECURITY R31, R33, ADR 0069).
      // Each archive and its deletion is audited in the deletion's transaction.
      name: 'audit-retention',
      cron: '30 3 * * *',
      run: async (app, now) => {
        if (!options.auditArchiveDir) throw new Error('audit retention has no archive folder, so it deletes nothing');
        const outcome = await applyAuditRetention(app.database.db, now, {
          retentionDays: options.auditRetentionDays,
          archiveDir: options.auditArchiveDir,
        });
        return {
          removed: outcome.removed,
          throughId: outcome.throughId,
          archives: outcome.archives.map((archive) => archive.name).join(' '),
        };
      },
    },
    {
      // Every row still chained to its predecessor (SECURITY R32); a break is itself audited and logged.
      name: 'audit-chain-check',
      cron: '45 3 * * *',
      run: async (app, now) => {
        const brokenAt = await verifyAuditChain(app.database.db);
        if (brokenAt !== null) {
          app.log.error({ brokenAt }, 'audit chain broken');
          await writeAudit(app.database.db, {
            ...systemAuditEntry('audit-chain-check', now),
            event: 'AUDIT_CHAIN_BROKEN',
            result: 'failure',
            objectType: 'audit_log',
            objectId: String(brokenAt),
          });
        }
        return { brokenAt };
      },
    },
  ];
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { auditRequest } from '../../services/audit/request-audit';
import { requireActivity, versionConflict } from './application-context';
import { findApplicationById, transition, type ApplicationRow } from './application-store';
import { rowStatus } from './application-view';
import { assertWindowOpen } from './submit-application';

/**
 * The owner takes a submitted application back to draft while the activity's window is open, at
 * the version they saw (the current one when they name none). Writes the history and the audit row
 * in the transition's transaction.
 */
export async function withdrawApplication(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  row: ApplicationRow,
  version = row.version,
): Promise<ApplicationRow> {
  if (rowStatus(row) !== 'submitted') throw new AppError(409, 'illegalTransition');
  const now = app.clock();
  assertWindowOpen(requireActivity(app, row.activityId), now);
  if (version !== row.version) throw versionConflict(row);
  const updated = await transition(app.database.db, {
    id: row.id,
    version,
    action: 'withdraw',
    from: 'submitted',
    to: 'draft',
    actorId: user.id,
    now,
    after: (tx, changed) =>
      auditRequest(request, { event: 'APPLICATION_WITHDRAWN', result: 'success', objectType: 'application', objectId: changed.id }, tx),
  });
  if (!updated) throw versionConflict((await findApplicationById(app.database.db, row.id)) ?? row);
  return updated;
}

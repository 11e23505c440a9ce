import type { FastifyInstance } from 'fastify';
import { REVIEWABLE_STATUSES } from '../../../shared/activity/application-status';
import { AppError } from '../../lib/app-error';
import { findApplicationById, type ApplicationRow } from './application-store';
import { rowStatus } from './application-view';

/** An application a reviewer may see; drafts and unknown ids are the same 404. */
export async function requireReviewable(app: FastifyInstance, id: string): Promise<ApplicationRow> {
  const row = await findApplicationById(app.database.db, id);
  if (!row || !REVIEWABLE_STATUSES.includes(rowStatus(row))) throw new AppError(404, 'notFound');
  return row;
}

import type { FastifyInstance } from 'fastify';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { Locale } from '../../../shared/i18n/locale';
import { AppError } from '../../lib/app-error';
import { findApplication, type ApplicationRow } from './application-store';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';

export function requireActivity(app: FastifyInstance, activityId: string): CompiledActivity {
  const activity = app.activities.get(activityId);
  if (!activity) throw new AppError(404, 'notFound');
  return activity;
}

/**
 * The version of the activity an application is checked against: the one its draft was started on
 * (applications.schema_version) while a publication that kept drafts on their version is live, else
 * the live one (ADR 0026). The window and the title always come from the live version.
 */
export async function pinnedActivity(
  app: FastifyInstance,
  live: CompiledActivity,
  row: Pick<ApplicationRow, 'schemaVersion'>,
): Promise<CompiledActivity> {
  if (row.schemaVersion === live.definition.version) return live;
  return (await app.schemaSync.activityAt(live.definition.id, row.schemaVersion)) ?? live;
}

export function requireStep(activity: CompiledActivity, step: string): void {
  if (!activity.definition.steps.some((entry) => entry.key === step)) throw new AppError(400, 'unknownStep');
}

/** The caller's own application: the lookup is always scoped by the user (SECURITY R16). */
export async function requireOwnApplication(app: FastifyInstance, userId: string, activityId: string): Promise<ApplicationRow> {
  const row = await findApplication(app.database.db, userId, activityId);
  if (!row) throw new AppError(404, 'applicationNotFound');
  return row;
}

/** 409 with the stored version, so that the client can offer to reload (ADR 0004). */
export function versionConflict(row: ApplicationRow): AppError {
  return new AppError(409, 'versionConflict', { data: { version: row.version, updatedAt: row.updatedAt.toISOString() } });
}

/** The activity's title in the caller's language; an activity whose folder was removed keeps its id. */
export function activityTitle(app: FastifyInstance, activityId: string, locale: Locale): string {
  const manifest = app.activities.get(activityId)?.definition.manifest;
  if (!manifest) return activityId;
  return localizedEntryTitle(manifest, locale);
}

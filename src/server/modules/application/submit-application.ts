import type { FastifyInstance } from 'fastify';
import { windowState } from '../../../shared/activity/activity-window';
import { isEditable } from '../../../shared/activity/application-status';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { ApplicationView } from '../../../shared/generated/application-view';
import type { Locale } from '../../../shared/i18n/locale';
import { AppError } from '../../lib/app-error';
import { pinnedActivity, requireActivity, requireOwnApplication, versionConflict } from './application-context';
import { findApplication, lockActivity, transition, type ApplicationRow, type TransitionInput } from './application-store';
import { rowStatus, toApplicationView } from './application-view';
import { checkActivitySteps } from '../../engine/write/check-activity-steps';
import { checkStepUniqueValues, hasUniqueFields } from '../../engine/write/check-step-unique-values';

/** 403 unless the activity's window is open by server time. */
export function assertWindowOpen(activity: CompiledActivity, now: Date): void {
  const state = windowState(activity.definition.manifest.window, now);
  if (state === 'notOpen') throw new AppError(403, 'windowNotOpen');
  if (state === 'closed') throw new AppError(403, 'windowClosed');
}

/** A submit of `version` already happened when the application is submitted at exactly the next version. */
function isRepeatOf(row: ApplicationRow, version: number): boolean {
  return rowStatus(row) === 'submitted' && (row.version === version + 1 || row.version === version);
}

/**
 * Submits the stored application at `version`. Idempotent: a repeat of a submitted version (a double
 * click, a retry, two tabs at once) answers with the same view and records one submission.
 * `onSubmitted` runs in the submit's transaction (the audit record); a repeat does not run it.
 */
export async function submitApplication(
  app: FastifyInstance,
  input: { userId: string; activityId: string; version: number },
  locale: Locale,
  onSubmitted?: TransitionInput['after'],
): Promise<ApplicationView> {
  const live = requireActivity(app, input.activityId);
  const { db } = app.database;
  const row = await requireOwnApplication(app, input.userId, input.activityId);
  if (isRepeatOf(row, input.version)) return toApplicationView(row);
  const now = app.clock();
  assertWindowOpen(live, now);
  const activity = await pinnedActivity(app, live, row);
  const status = rowStatus(row);
  if (!isEditable(status)) throw new AppError(409, 'notEditable');
  if (row.version !== input.version) throw versionConflict(row);

  // Every rule of every step, unopened steps too, with the dictionaries, file references and x-unique.
  const checked = await checkActivitySteps(db, activity, row.data, { locale, mode: 'submit', applicantId: row.userId });
  if (checked.errors.length > 0) throw new AppError(400, 'validationFailed', { errors: checked.errors });

  const unique = hasUniqueFields(activity);
  const updated = await transition(db, {
    id: row.id,
    version: input.version,
    action: 'submit',
    from: status,
    to: 'submitted',
    actorId: input.userId,
    now,
    // Checked again under a per-activity lock, so two applicants cannot both submit one unique name.
    before: unique
      ? async (tx) => {
          await lockActivity(tx, input.activityId);
          const taken = await checkStepUniqueValues(tx, activity, checked.data, row.userId, locale);
          if (taken.length > 0) throw new AppError(400, 'validationFailed', { errors: taken });
        }
      : undefined,
    after: onSubmitted,
  });
  if (updated) return toApplicationView(updated);
  const current = await findApplication(db, input.userId, input.activityId);
  if (current && isRepeatOf(current, input.version)) return toApplicationView(current);
  throw versionConflict(current ?? row);
}

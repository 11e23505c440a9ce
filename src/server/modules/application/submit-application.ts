import type { FastifyInstance } from 'fastify';
import { windowState } from '../../../shared/activity/activity-window';
import { isEditable } from '../../../shared/activity/application-status';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { validateApplication } from '../../../shared/activity/validate-application';
import type { ApplicationView } from '../../../shared/generated/application-view';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { AppError } from '../../lib/app-error';
import { pinnedActivity, requireActivity, requireOwnApplication, versionConflict } from './application-context';
import type { Runner } from '../../db/write-with-history';
import { findApplication, lockActivity, transition, type ApplicationRow, type TransitionInput } from './application-store';
import { rowStatus, toApplicationView } from './application-view';
import { checkFileRefs } from './check-file-refs';
import { checkStepDictValues } from '../../engine/write/check-step-dict-values';
import { checkUniqueValues, hasUniqueFields } from './check-unique-values';

/** 403 unless the activity's window is open by server time. */
export function assertWindowOpen(activity: CompiledActivity, now: Date): void {
  const state = windowState(activity.definition.manifest.window, now);
  if (state === 'notOpen') throw new AppError(403, 'windowNotOpen');
  if (state === 'closed') throw new AppError(403, 'windowClosed');
}

/** Every rule of every step (hidden fields too), the file references and x-unique, over stored data. */
export async function validateStored(
  app: FastifyInstance,
  activity: CompiledActivity,
  row: Pick<ApplicationRow, 'data' | 'userId'>,
  locale: Locale,
  db: Runner = app.database.db,
): Promise<StepFieldError[]> {
  const errors = validateApplication(activity, row.data, locale, { mode: 'submit' });
  errors.push(...(await checkStepDictValues(app.database.db, activity, row.data, locale, errors)));
  errors.push(...(await checkFileRefs(app.database.db, activity, row.data, { userId: row.userId, activityId: activity.definition.id }, locale)));
  errors.push(...(await checkUniqueValues(db, activity, row.data, row.userId, locale)));
  return errors;
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

  const errors = await validateStored(app, activity, row, locale);
  if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

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
          const taken = await checkUniqueValues(tx, activity, row.data, row.userId, locale);
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

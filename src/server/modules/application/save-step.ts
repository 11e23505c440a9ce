import type { FastifyInstance } from 'fastify';
import { isEditable } from '../../../shared/activity/application-status';
import type { ApplicationView } from '../../../shared/generated/application-view';
import type { Locale } from '../../../shared/i18n/locale';
import { AppError } from '../../lib/app-error';
import { checkActivitySteps } from '../../engine/write/check-activity-steps';
import { pinnedActivity, requireActivity, requireOwnApplication, requireStep, versionConflict } from './application-context';
import { findApplication, updateData } from './application-store';
import { rowStatus, toApplicationView } from './application-view';

export interface SaveStepInput {
  userId: string;
  activityId: string;
  step: string;
  version: number;
  data: Record<string, unknown>;
  currentStep?: string | undefined;
}

/**
 * Saves one step of the caller's draft. A draft may be unfinished, but unknown fields, wrong types
 * and foreign file references are refused (400), rich text is stored sanitised, a stale version is
 * refused (409) and nothing is overwritten, and a submitted application is read-only (409) until a
 * reviewer returns it.
 */
export async function saveStep(app: FastifyInstance, input: SaveStepInput, locale: Locale): Promise<ApplicationView> {
  const live = requireActivity(app, input.activityId);
  const { db } = app.database;
  const row = await requireOwnApplication(app, input.userId, input.activityId);
  const activity = await pinnedActivity(app, live, row);
  requireStep(activity, input.step);
  if (input.currentStep !== undefined) requireStep(activity, input.currentStep);
  if (!isEditable(rowStatus(row))) throw new AppError(409, 'notEditable');
  if (row.version !== input.version) throw versionConflict(row);

  // The step as it is stored: pruned, rich text sanitised, hidden fields dropped; checked as a draft is (ADR 0004).
  const checked = await checkActivitySteps(
    db,
    activity,
    { [input.step]: input.data },
    { locale, mode: 'draft', steps: [input.step], applicantId: input.userId },
  );
  if (checked.errors.length > 0) throw new AppError(400, 'validationFailed', { errors: checked.errors });
  // The request schema makes the step's data an object, and cleaning keeps it one.
  const stepData = checked.data[input.step] as Record<string, unknown>;

  const updated = await updateData(db, {
    id: row.id,
    version: input.version,
    data: { ...row.data, [input.step]: stepData },
    currentStep: input.currentStep,
    schemaVersion: activity.definition.version,
    now: app.clock(),
    steps: activity.definition.steps,
  });
  if (updated) return toApplicationView(updated);
  // Someone wrote between the read and the update: say what happened, write nothing.
  const current = await findApplication(db, input.userId, input.activityId);
  if (current && !isEditable(rowStatus(current))) throw new AppError(409, 'notEditable');
  throw versionConflict(current ?? row);
}

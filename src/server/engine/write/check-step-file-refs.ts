import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { collectUploadValues } from '../../../shared/schema/collect-upload-values';
import type { Db } from '../../db/database';
import { serverMessage } from '../../i18n/server-messages';
import { invalidUploadRefs } from '../../services/files/invalid-upload-refs';

/**
 * Every file reference in the given steps must be exactly an upload of the caller for this activity:
 * anything else is an error on its step and path.
 */
export async function checkStepFileRefs(
  db: Db,
  compiled: CompiledActivity,
  data: Readonly<Record<string, unknown>>,
  owner: { userId: string; activityId: string },
  locale: Locale,
  steps?: readonly string[],
): Promise<StepFieldError[]> {
  const found = compiled.definition.steps
    .filter((step) => !steps || steps.includes(step.key))
    .flatMap((step) => collectUploadValues(step.schema, data[step.key]).map((entry) => ({ step: step.key, ...entry })));
  const invalid = await invalidUploadRefs(db, found, { userId: owner.userId, ownerKind: 'activity', ownerId: owner.activityId });
  const message = serverMessage('attachmentInvalid', locale);
  return invalid.map(({ step, path }) => ({ step, path, keyword: 'attachment', params: {}, message }));
}

import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import type { Db } from '../../db/database';
import { checkDictValues, type DictKeyLookup } from '../../services/dict/check-dict-values';

/**
 * Dictionary membership for the `x-dict` fields of each step (a tech field, a job title…), checked
 * against the database as the message board's are. A field ajv already refused is not reported twice.
 */
export async function checkStepDictValues(
  db: Db,
  activity: CompiledActivity,
  data: Readonly<Record<string, unknown>>,
  locale: Locale,
  alreadyFailing: readonly StepFieldError[],
  steps?: readonly string[],
  lookup?: DictKeyLookup,
): Promise<StepFieldError[]> {
  const errors: StepFieldError[] = [];
  for (const step of activity.definition.steps) {
    if ((steps && !steps.includes(step.key)) || data[step.key] === undefined) continue;
    const skip = new Set(alreadyFailing.filter((error) => error.step === step.key).map((error) => error.path));
    for (const error of await checkDictValues(db, step.schema, pruneEmpty(data[step.key]), locale, skip, lookup))
      errors.push({ step: step.key, ...error });
  }
  return errors;
}

import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { uniqueFields, uniqueValuesOf } from '../../../shared/activity/unique-fields';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import type { Runner } from '../../db/write-with-history';
import { valuesTakenByOthers } from '../records/activity-values-taken';

/** Whether any step has an x-unique field, so that a submit must check the names again under the activity's lock. */
export function hasUniqueFields(compiled: CompiledActivity): boolean {
  return compiled.definition.steps.some((step) => uniqueFields(step.schema).length > 0);
}

/**
 * An error (keyword `unique`) for every x-unique value another applicant of the activity already
 * uses, and for a table row repeating a value an earlier row of the same table holds: a name unique
 * across applicants is not listed twice by one either. The error sits on the value's own path
 * (`projects.2.name`), one query per field.
 */
export async function checkStepUniqueValues(
  db: Runner,
  compiled: CompiledActivity,
  data: Readonly<Record<string, unknown>>,
  userId: string,
  locale: Locale,
  steps?: readonly string[],
): Promise<StepFieldError[]> {
  const errors: StepFieldError[] = [];
  for (const step of compiled.definition.steps) {
    if (steps && !steps.includes(step.key)) continue;
    for (const field of uniqueFields(step.schema)) {
      const entries = uniqueValuesOf(field, data[step.key]);
      // The row that first holds a value keeps it; a later row repeating it is the one in error.
      const firstAt = new Map<string, number>();
      entries.forEach((entry, index) => {
        if (!firstAt.has(entry.value)) firstAt.set(entry.value, index);
      });
      if (firstAt.size === 0) continue;
      const taken = await valuesTakenByOthers(db, {
        activityId: compiled.definition.id,
        userId,
        step: step.key,
        field,
        values: [...firstAt.keys()],
      });
      const message = validationMessage('unique', {}, field.schema, locale);
      entries.forEach((entry, index) => {
        if (firstAt.get(entry.value) !== index || taken.has(entry.value))
          errors.push({ step: step.key, path: entry.path, keyword: 'unique', params: {}, message });
      });
    }
  }
  return errors;
}

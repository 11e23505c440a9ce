import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { Runner } from '../../db/write-with-history';
import { valueTakenByOthers } from './application-store';

/** The top-level string fields of a step marked `x-unique: true`. */
export function uniqueFields(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property['x-unique'] === true)
    .map(([name]) => name);
}

export function hasUniqueFields(compiled: CompiledActivity): boolean {
  return compiled.definition.steps.some((step) => uniqueFields(step.schema).length > 0);
}

/** An error (keyword `unique`) for every x-unique value another applicant of the activity already uses. */
export async function checkUniqueValues(
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
    const stepData = data[step.key];
    if (typeof stepData !== 'object' || stepData === null) continue;
    for (const field of uniqueFields(step.schema)) {
      const value = (stepData as Record<string, unknown>)[field];
      if (typeof value !== 'string' || value.trim() === '') continue;
      if (await valueTakenByOthers(db, { activityId: compiled.definition.id, userId, step: step.key, field, value })) {
        errors.push({ step: step.key, path: field, keyword: 'unique', params: {}, message: validationMessage('unique', {}, step.schema.properties?.[field], locale) });
      }
    }
  }
  return errors;
}

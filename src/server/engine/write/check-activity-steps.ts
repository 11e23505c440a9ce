import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { validateApplication } from '../../../shared/activity/validate-application';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import type { Db } from '../../db/database';
import type { DictKeyLookup } from '../../services/dict/check-dict-values';
import { checkStepDictValues } from './check-step-dict-values';
import { checkStepFileRefs } from './check-step-file-refs';
import { checkStepUniqueValues } from './check-step-unique-values';
import { cleanStepData } from './clean-step-data';

export interface CheckActivityStepsOptions {
  locale: Locale;
  /**
   * 'draft': what a save refuses, so that a half-filled draft saves: unknown fields, wrong types and
   * file references that are not the applicant's. 'submit': every rule of the step schemas (required,
   * lengths, x-compare…), dictionary membership and x-unique against the other applicants too.
   */
  mode: 'draft' | 'submit';
  /** Only these steps; by default every step of the activity (a missing one counts as empty in 'submit'). */
  steps?: readonly string[];
  /**
   * The applicant who writes: file references must be their uploads for this activity, and x-unique
   * counts only other applicants' values. Without one (the studio's impact report over stored
   * applications), the data is weighed against the schemas and the dictionaries alone.
   */
  applicantId?: string;
  /** A dictionary lookup shared by many calls (the impact report's cache); the database by default. */
  dictionaries?: DictKeyLookup;
}

export interface ActivityStepsCheck {
  /** Each checked step present in the input, cleaned as it is to be stored (cleanStepData). */
  data: Record<string, unknown>;
  /** Every error at once, each on its step and path: ajv's, then dictionaries, file references, x-unique. */
  errors: StepFieldError[];
}

/**
 * The write pipeline of an activity application, the counterpart of runWritePipeline for a
 * resource's record: each step's data cleaned (cleanStepData: pruned, rich text sanitised, hidden
 * fields dropped), then judged. A step's save, validateFormData, validatorData, the submit and the
 * studio's impact report all call this one function, so they cannot drift apart.
 */
export async function checkActivitySteps(
  db: Db,
  activity: CompiledActivity,
  input: Readonly<Record<string, unknown>>,
  options: CheckActivityStepsOptions,
): Promise<ActivityStepsCheck> {
  const { locale, mode, applicantId } = options;
  const steps = activity.definition.steps.filter((step) => !options.steps || options.steps.includes(step.key)).map((step) => step.key);
  const data: Record<string, unknown> = {};
  for (const step of activity.definition.steps) {
    if (steps.includes(step.key) && input[step.key] !== undefined) data[step.key] = cleanStepData(step.schema, input[step.key]);
  }
  const errors = validateApplication(activity, data, locale, { steps, mode });
  // A draft may hold a value its dictionary lacks, as it may break any rule but the structure's.
  if (mode === 'submit') errors.push(...(await checkStepDictValues(db, activity, data, locale, errors, steps, options.dictionaries)));
  if (applicantId !== undefined) {
    errors.push(
      ...(await checkStepFileRefs(db, activity, data, { userId: applicantId, activityId: activity.definition.id }, locale, steps)),
    );
    // A save keeps an unfinished draft (ADR 0004): a taken name is told as it is typed (termNameExists) and refused from validation on.
    if (mode === 'submit') errors.push(...(await checkStepUniqueValues(db, activity, data, applicantId, locale, steps)));
  }
  return { data, errors };
}

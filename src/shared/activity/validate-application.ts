import type { StepFieldError } from '../generated/step-field-error';
import type { Locale } from '../i18n/locale';
import { pruneEmpty } from '../schema/prune-empty';
import { toFieldErrors } from '../schema/to-field-errors';
import type { CompiledActivity } from './compile-activity';

export interface ValidateApplicationOptions {
  /** Only these steps (in manifest order); by default every step. */
  steps?: readonly string[];
  /**
   * 'submit' (default): every rule, and a missing step counts as empty.
   * 'draft': only what a save refuses — unknown fields and wrong types — so a half-filled draft saves.
   */
  mode?: 'submit' | 'draft';
}

// A draft may be incomplete, but never carry a field the schema does not know or a value of the wrong kind.
const DRAFT_KEYWORDS = new Set(['additionalProperties', 'type']);

/**
 * Step-aware validation with ajv and the activity's own schemas: each error says which step and
 * which field failed. Submit validates every step, including one the applicant never opened and
 * fields hidden by a condition; the client's verdict is tested to agree with this one.
 */
export function validateApplication(
  compiled: CompiledActivity,
  data: Readonly<Record<string, unknown>>,
  locale: Locale,
  options: ValidateApplicationOptions = {},
): StepFieldError[] {
  const mode = options.mode ?? 'submit';
  const wanted = options.steps ? new Set(options.steps) : undefined;
  const errors: StepFieldError[] = [];
  for (const step of compiled.definition.steps) {
    if (wanted && !wanted.has(step.key)) continue;
    const validate = compiled.validators.get(step.key);
    if (!validate) throw new Error(`step "${step.key}" of activity "${compiled.definition.id}" is not compiled`);
    const raw = data[step.key];
    if (raw === undefined && mode === 'draft') continue;
    // A cleared field counts as not filled in, exactly as in the browser (ADR 0001).
    const value = pruneEmpty(raw ?? {});
    if (validate(value)) continue;
    for (const error of toFieldErrors(validate.errors, step.schema, locale)) {
      if (mode === 'draft' && !DRAFT_KEYWORDS.has(error.keyword)) continue;
      errors.push({ step: step.key, ...error });
    }
  }
  return errors;
}

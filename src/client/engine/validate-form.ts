import { FormPath, isField, type Field, type Form, type IFormFeedback } from '@formily/core';
import type { FieldError } from '../../shared/schema/field-error';
import { applyFeedback } from './apply-feedback';
import { windowsOf, type FormWindow } from './form-window';
import { verdictCoversRules } from './verdict-rules';

/** Thrown by validateForm: every error of the form, mounted fields' and unmounted ones'. */
export class FormInvalidError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`${errors.length} field(s) invalid`);
    this.name = 'FormInvalidError';
  }
}

function feedbackErrors(thrown: unknown): FieldError[] {
  if (!Array.isArray(thrown)) throw thrown;
  return (thrown as IFormFeedback[]).flatMap((feedback) =>
    (feedback.messages ?? []).map((message) => ({
      path: String(feedback.path ?? ''),
      keyword: String(feedback.code ?? 'invalid'),
      params: {},
      message: String(message),
    })),
  );
}

/** Orders errors as the form shows its fields: by top-level field, across the window's blocks. */
function inFormOrder(formWindow: FormWindow, errors: readonly FieldError[]): FieldError[] {
  const order = new Map(formWindow.blocks.blocks.flatMap((block) => block.keys).map((key, index) => [key, index]));
  const rank = (error: FieldError): number => order.get(formWindow.schemaPath(error.path).split('.')[0] ?? '') ?? order.size;
  return [...errors].sort((a, b) => rank(a) - rank(b));
}

/** Formily checks only editable, visible fields (its shouldValidate, with the default patterns). */
const formilyChecks = (field: Field): boolean =>
  (field.props.validatePattern ?? field.form.props.validatePattern ?? ['editable']).includes(field.pattern) &&
  (field.props.validateDisplay ?? field.form.props.validateDisplay ?? ['visible']).includes(field.display);

const hasRules = (field: Field): boolean => (Array.isArray(field.validator) ? field.validator.length > 0 : Boolean(field.validator));

/**
 * Validates a form the way Formily's form.validate does, for long forms too. A form that is not
 * windowed is Formily's to judge. A long form's windows judge their fields with the verdict, one walk
 * over the values (validateValues: the checks and messages of the engine's own field rules), mounted
 * fields and unmounted ones alike: running a thousand mounted fields through Formily's validator one
 * by one costs as much as raw Formily's submit (issue 33). Formily still judges what the verdict does
 * not cover: fields outside every window, and fields with a rule of their own (a uniqueness check).
 *
 * Errors go on the mounted fields (and come off those that pass, as Formily's check would take them
 * off), are held for the unmounted ones until they mount, and each window lists its errors in its
 * summary. Throws FormInvalidError with every error; resolves when nothing failed. `pattern` narrows
 * it as in form.validate (a step's `step.*`).
 */
export async function validateForm(form: Form, pattern?: string): Promise<void> {
  const windows = windowsOf(form).filter((formWindow) => formWindow.blocks.windowed);
  if (windows.length === 0) {
    try {
      await form.validate(pattern);
    } catch (thrown) {
      throw new FormInvalidError(feedbackErrors(thrown));
    }
    return;
  }
  const matcher = pattern === undefined ? undefined : FormPath.parse(pattern);
  const matches = (path: string): boolean => matcher?.match(path) ?? true;
  const windowOf = (path: string): FormWindow | undefined => windows.find((formWindow) => formWindow.covers(path));

  // What the verdict does not cover: Formily's, field by field.
  const formilyFields: Field[] = [];
  const verdictFields: Field[] = [];
  for (const field of Object.values(form.fields)) {
    if (!isField(field)) continue;
    const path = field.path.toString();
    if (!matches(path)) continue;
    if (windowOf(path) && verdictCoversRules(field.validator)) verdictFields.push(field);
    else formilyFields.push(field);
  }
  await Promise.all(formilyFields.map((field) => field.validate().catch(() => undefined)));
  const formily: FieldError[] = formilyFields.flatMap((field) =>
    field.selfErrors.map((message) => ({ path: field.path.toString(), keyword: 'ValidateError', params: {}, message: String(message) })),
  );
  const judged = new Set(formilyFields.map((field) => field.path.toString()));

  const verdict = windows.flatMap((formWindow) =>
    formWindow.verdict().filter((error) => {
      if (!matches(error.path) || judged.has(error.path)) return false;
      if (formWindow.isPending(error.path)) return true;
      // A mounted field Formily would not check (read-only, hidden) is not judged here either.
      const field = form.query(error.path).take();
      return !field || !isField(field) || formilyChecks(field);
    }),
  );
  const failing = new Set(verdict.map((error) => error.path));
  // A mounted field that passes loses the message an earlier check left (Formily's own check clears
  // its rules' feedback the same way; a field without rules keeps what the server said).
  for (const field of verdictFields) {
    const path = field.path.toString();
    if (!failing.has(path) && hasRules(field) && field.selfErrors.length > 0)
      field.setFeedback({ triggerType: 'onInput', type: 'error', code: 'ValidateError', messages: [] });
  }
  let placed: FieldError[] = verdict;
  for (const formWindow of windows) placed = formWindow.hold(placed);
  applyFeedback(form, placed);

  for (const formWindow of windows) {
    const own = [...formily, ...verdict].filter((error) => formWindow.covers(error.path));
    formWindow.setSummary(inFormOrder(formWindow, own));
  }
  if (formily.length + verdict.length > 0) throw new FormInvalidError([...formily, ...verdict]);
}

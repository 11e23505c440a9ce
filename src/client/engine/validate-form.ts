import { FormPath, type Form, type IFormFeedback } from '@formily/core';
import type { FieldError } from '../../shared/schema/field-error';
import { windowsOf, type FormWindow } from './form-window';

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

/**
 * Validates a form the way Formily's form.validate does, for long forms too: Formily judges the
 * fields it has mounted (and puts their messages on them); each window of a long form judges its
 * unmounted fields with the schema's rules, holds their errors for when they mount, and lists all of
 * its errors in its summary. Throws FormInvalidError with every error; resolves when nothing failed.
 * `pattern` narrows it as in form.validate (a step's `step.*`).
 */
export async function validateForm(form: Form, pattern?: string): Promise<void> {
  const windows = windowsOf(form).filter((formWindow) => formWindow.blocks.windowed);
  let mounted: FieldError[] = [];
  try {
    await form.validate(pattern);
  } catch (thrown) {
    if (windows.length === 0) throw new FormInvalidError(feedbackErrors(thrown));
    mounted = feedbackErrors(thrown);
  }
  const matches = pattern === undefined ? () => true : (path: string) => FormPath.parse(pattern).match(path);
  // A block still mounting its parts (a long table's rows) has fields Formily judged and fields it
  // could not: a path Formily already judged keeps Formily's message.
  const judged = new Set(mounted.map((error) => error.path));
  const unmounted = windows.flatMap((formWindow) =>
    formWindow.unmountedVerdict().filter((error) => matches(error.path) && !judged.has(error.path)),
  );
  for (const formWindow of windows) {
    const own = [...mounted, ...unmounted].filter(
      (error) => formWindow.blocks.basePath === '' || error.path.startsWith(`${formWindow.blocks.basePath}.`),
    );
    formWindow.hold(unmounted);
    formWindow.setSummary(inFormOrder(formWindow, own));
  }
  if (mounted.length + unmounted.length > 0) throw new FormInvalidError([...mounted, ...unmounted]);
}

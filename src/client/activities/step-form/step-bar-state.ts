import type { FieldError } from '../../../shared/schema/field-error';

/** A field error with the step it belongs to: the server's StepFieldError, or a client verdict tagged with its step. */
export interface StepError extends FieldError {
  step: string;
}

export type StepItemStatus = 'wait' | 'process' | 'finish' | 'error';

/**
 * The status antd's Steps shows for one step: a step with errors stays red until it passes again,
 * whether it is the current one or not, so the applicant sees at a glance where to go back to.
 * Another step shows a tick only when its values pass the step's rules (`complete`), not merely
 * because it comes earlier: a step opened directly by its page leaves earlier ones unfilled.
 */
export function stepItemStatus(index: number, currentIndex: number, failing: boolean, complete: boolean): StepItemStatus {
  if (failing) return 'error';
  if (index === currentIndex) return 'process';
  return complete ? 'finish' : 'wait';
}

/** The errors per step key, in the steps' order; steps without errors are absent. */
export function groupErrorsByStep(errors: readonly StepError[], stepKeys: readonly string[]): Map<string, StepError[]> {
  const grouped = new Map<string, StepError[]>();
  for (const key of stepKeys) {
    const ofStep = errors.filter((error) => error.step === key);
    if (ofStep.length > 0) grouped.set(key, ofStep);
  }
  return grouped;
}

/**
 * The index of the first step (in the manifest's order, not the errors' order) that has an error;
 * -1 when none does. An error naming an unknown step points at the first step, so it is never lost.
 */
export function firstFailingStepIndex(errors: readonly StepError[], stepKeys: readonly string[]): number {
  if (errors.length === 0) return -1;
  const failing = new Set(errors.map((error) => error.step));
  const index = stepKeys.findIndex((key) => failing.has(key));
  return index === -1 ? 0 : index;
}

/** Tags a step's client verdict (paths relative to the step) with its step key. */
export function tagWithStep(step: string, errors: readonly FieldError[]): StepError[] {
  return errors.map((error) => ({ ...error, step }));
}

/** The Formily path of a step-relative error path: the form holds `{[stepKey]: stepValues}`. */
export function formPathOf(error: StepError): string {
  return error.path ? `${error.step}.${error.path}` : error.step;
}

export interface StepLike {
  key: string;
  route?: string | undefined;
}

/**
 * Where the form opens: the step a route page names (`/home/activities/teamInfoGroup`), else the
 * step the URL asks for, else the step the application was last saved on, else the first.
 * Returns -1 only when a route page names a step the activity does not have.
 */
export function initialStepIndex(
  steps: readonly StepLike[],
  opts: { route?: string | undefined; step?: string | null | undefined; currentStep?: string | null | undefined },
): number {
  if (opts.route) return steps.findIndex((step) => step.route === opts.route);
  for (const key of [opts.step, opts.currentStep]) {
    const index = key ? steps.findIndex((step) => step.key === key) : -1;
    if (index !== -1) return index;
  }
  return 0;
}

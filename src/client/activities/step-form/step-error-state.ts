import type { Form } from '@formily/core';
import { useCallback, useRef, useState } from 'react';
import { applyServerErrors } from '../../engine/apply-server-errors';
import { firstFailingStepIndex, formPathOf, groupErrorsByStep, type StepError } from './step-bar-state';
import type { SubmitResult } from './step-submit-result';

export interface StepErrorState {
  /** The errors per step key (the step bar marks those steps red); steps without errors are absent. */
  stepErrors: Map<string, StepError[]>;
  /** The submit's outcome page, shown instead of the step while set. */
  result: SubmitResult | undefined;
  setResult: (result: SubmitResult | undefined) => void;
  /**
   * Marks the failing steps and opens the first of them; `asResult` (a refused submit) lists every
   * error on the result page, otherwise (a refused save) the errors go straight on their fields.
   */
  showErrors: (errors: readonly StepError[], asResult: boolean) => void;
  /** The step passed again (下一步 validated it): no longer red. */
  clearStepErrors: (step: string) => void;
  /** A successful submit: nothing is red any more. */
  clearAll: () => void;
  /** Puts a step's errors on its fields, once, when the step's fields exist. */
  placeErrors: (step: string) => void;
}

/**
 * The step form's errors and result page. Errors of a step that is not shown cannot be put on
 * fields that do not exist yet: they wait ("unplaced") until the step is rendered.
 */
export function useStepErrorState(form: Form, stepKeys: readonly string[], moveTo: (index: number) => void): StepErrorState {
  const [stepErrors, setStepErrors] = useState<Map<string, StepError[]>>(() => new Map());
  const stepErrorsRef = useRef(stepErrors);
  stepErrorsRef.current = stepErrors;
  const unplaced = useRef(new Set<string>());
  const [result, setResult] = useState<SubmitResult>();

  const replace = (next: Map<string, StepError[]>): void => {
    stepErrorsRef.current = next;
    setStepErrors(next);
  };

  const placeErrors = useCallback(
    (step: string): void => {
      if (!unplaced.current.has(step)) return;
      unplaced.current.delete(step);
      const errors = stepErrorsRef.current.get(step) ?? [];
      applyServerErrors(
        form,
        errors.map((error) => ({ ...error, path: formPathOf(error) })),
      );
    },
    [form],
  );

  const showErrors = (unordered: readonly StepError[], asResult: boolean): void => {
    // Listed in the order of the steps (the server's order is its own); unknown steps last.
    const rank = (error: StepError): number => {
      const position = stepKeys.indexOf(error.step);
      return position === -1 ? stepKeys.length : position;
    };
    const errors = [...unordered].sort((a, b) => rank(a) - rank(b));
    const grouped = groupErrorsByStep(errors, stepKeys);
    replace(grouped);
    unplaced.current = new Set(grouped.keys());
    const first = firstFailingStepIndex(errors, stepKeys);
    if (first !== -1) moveTo(first);
    if (asResult) setResult({ kind: 'failed', errors });
    // The step already on screen gets its errors now; the others when they are shown.
    else if (first !== -1) placeErrors(stepKeys[first] ?? '');
  };

  const clearStepErrors = (step: string): void => {
    if (!stepErrorsRef.current.has(step)) return;
    const next = new Map(stepErrorsRef.current);
    next.delete(step);
    replace(next);
  };

  return { stepErrors, result, setResult, showErrors, clearStepErrors, clearAll: () => replace(new Map()), placeErrors };
}

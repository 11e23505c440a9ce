/**
 * How the bench finds things on screen, the same way for all three variants: every field (top-level
 * and each table cell) has Formily's FormItem around it, and its label is the field's title.
 */
import type { Variant } from '../bench-protocol';

export const FIELD_WRAPPER = '.ant-formily-item';
const FIELD_LABEL = '.ant-formily-item-label';
/** Formily's FormItem shows a field's error message in this element. */
const FIELD_ERROR = '.ant-formily-item-error-help';
/** The step form lists a refused submit's errors on its result page, one item each (step-submit-result.tsx). */
const STEP_RESULT_ERROR = '.kc-submit-error';

export function countFields(): number {
  return document.querySelectorAll(FIELD_WRAPPER).length;
}

/** The text input of the top-level field with this title. */
export function findTextInput(title: string): HTMLInputElement {
  for (const label of document.querySelectorAll(FIELD_LABEL)) {
    if (label.textContent?.replace(/[*：:\s]/g, '') !== title) continue;
    const input = label.closest(FIELD_WRAPPER)?.querySelector('input');
    if (input instanceof HTMLInputElement) return input;
  }
  throw new Error(`no text input labelled ${title}`);
}

/** The variant's own submit button: the step form's 提交申报, or the button the bench page renders. */
export function findSubmitButton(variant: Variant): HTMLButtonElement {
  const selector = variant === 'step-form' ? '.kc-step-actions .ant-btn-primary' : '.bench-submit';
  const button = document.querySelector(selector);
  if (!(button instanceof HTMLButtonElement)) throw new Error(`no submit button (${selector})`);
  return button;
}

/** The error messages on screen: on the fields, or on the step form's result page. */
export function countErrors(variant: Variant): number {
  return document.querySelectorAll(variant === 'step-form' ? STEP_RESULT_ERROR : FIELD_ERROR).length;
}

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

/** A long form's block not mounted yet (src/client/engine/form-block-view.tsx), with the FormItems it will hold. */
const PENDING_BLOCK = '[data-kc-state="pending"]';
/** The engine lists a long form's refused submit above it, one item per error (form-error-summary.tsx). */
const SUMMARY_ERROR = '.kc-error-summary-item';

export function countFields(): number {
  return document.querySelectorAll(FIELD_WRAPPER).length;
}

/**
 * Fields in the DOM plus fields a pending block will mount when scrolled to: "present or reachable"
 * (issue 16). Raw Formily has no pending blocks, so for it this is countFields().
 */
export function countReachableFields(): number {
  let pending = 0;
  for (const block of document.querySelectorAll<HTMLElement>(PENDING_BLOCK)) pending += Number(block.dataset['kcControls'] ?? 0);
  return countFields() + pending;
}

export function countPendingBlocks(): number {
  return document.querySelectorAll(PENDING_BLOCK).length;
}

/**
 * Scrolls a long form to the block holding this top-level field, as a user would, and waits until
 * the block has mounted it. Nothing to do when the field is already in the DOM.
 */
export async function revealField(name: string, timeoutMs = 10_000): Promise<void> {
  const pending = document.querySelector<HTMLElement>(`${PENDING_BLOCK}[data-kc-keys~="${CSS.escape(name)}"]`);
  if (!pending) return;
  pending.scrollIntoView({ block: 'center' });
  const started = performance.now();
  while (document.querySelector(`${PENDING_BLOCK}[data-kc-keys~="${CSS.escape(name)}"]`)) {
    if (performance.now() - started > timeoutMs) throw new Error(`the block holding ${name} did not mount`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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

/**
 * The error messages on screen: on the step form's result page; else in a long form's error summary
 * (which lists every error, mounted field or not) when there is one, or on the fields.
 */
export function countErrors(variant: Variant): number {
  if (variant === 'step-form') return document.querySelectorAll(STEP_RESULT_ERROR).length;
  const summary = document.querySelectorAll(SUMMARY_ERROR).length;
  return summary > 0 ? summary : document.querySelectorAll(FIELD_ERROR).length;
}

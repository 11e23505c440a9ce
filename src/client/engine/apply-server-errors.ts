import type { Form } from '@formily/core';
import type { FieldError } from '../../shared/schema/field-error';
import { applyFeedback } from './apply-feedback';
import { windowsOf } from './form-window';

/**
 * Puts the server's field errors on their fields and returns those that match no field (an
 * unknown property, a root-level rule), so the caller can show them instead of dropping them.
 * An error on a field of a long form's unmounted block is held by the form's window and put on the
 * field when the block mounts (form-window.ts): it is placed, not lost.
 */
export function applyServerErrors(form: Form, errors: readonly FieldError[]): FieldError[] {
  let rest: FieldError[] = [...errors];
  for (const formWindow of windowsOf(form)) rest = formWindow.hold(rest);
  return applyFeedback(form, rest);
}

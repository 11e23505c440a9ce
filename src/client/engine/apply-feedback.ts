import { isField, type Form } from '@formily/core';
import type { FieldError } from '../../shared/schema/field-error';

/**
 * Puts errors on the fields that exist now and returns those that match no field.
 *
 * The feedback uses the same triggerType and code as Formily's own onInput validation, so the
 * message stays until the user edits the field, and the next check then replaces it.
 */
export function applyFeedback(form: Form, errors: readonly FieldError[]): FieldError[] {
  const byPath = new Map<string, FieldError[]>();
  for (const error of errors) byPath.set(error.path, [...(byPath.get(error.path) ?? []), error]);
  const unplaced: FieldError[] = [];
  for (const [path, fieldErrors] of byPath) {
    const field = path === '' ? undefined : form.query(path).take();
    if (!field || !isField(field)) {
      unplaced.push(...fieldErrors);
      continue;
    }
    field.setFeedback({ triggerType: 'onInput', type: 'error', code: 'ValidateError', messages: fieldErrors.map((e) => e.message) });
  }
  return unplaced;
}

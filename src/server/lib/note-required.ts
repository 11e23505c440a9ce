import type { Locale } from '../../shared/i18n/locale';
import { validationMessage } from '../../shared/i18n/validation-message';
import { AppError } from './app-error';

/**
 * A workflow step whose transition asks for a note (a reason to return or reject, a reply) refuses an
 * empty one on the field, in the reader's language: the resource engine's transitions and the
 * applications module's review share it, so both say the same thing.
 */
export function noteRequired(locale: Locale): AppError {
  const message = validationMessage('required', {}, { type: 'string' }, locale);
  return new AppError(400, 'validationFailed', {
    errors: [{ path: 'note', keyword: 'required', params: { missingProperty: 'note' }, message }],
  });
}

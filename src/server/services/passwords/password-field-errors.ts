import type { Locale } from '../../../shared/i18n/locale';
import { checkPasswordPolicy, passwordProblemMessage } from '../../../shared/rules/password-policy';
import type { FieldError } from '../../../shared/schema/field-error';
import { serverMessage } from '../../i18n/server-messages';
import { isCommonPassword } from './common-passwords';

/**
 * The policy and the match, as field errors on the fields the user typed into: the policy on the
 * new password, the mismatch on the confirmation (spec §5 "passwords must match"). Every place that
 * sets a password comes through here, so all of them refuse the common-password list (R01).
 */
export function passwordFieldErrors(
  fields: { password: string; confirm: string; passwordPath: string; confirmPath: string; username?: string | undefined },
  locale: Locale,
): FieldError[] {
  const errors: FieldError[] = checkPasswordPolicy(fields.password, { username: fields.username, isCommon: isCommonPassword }).map(
    (problem) => ({
      path: fields.passwordPath,
      keyword: 'passwordPolicy',
      params: { rule: problem },
      message: passwordProblemMessage(problem, locale),
    }),
  );
  if (fields.password !== fields.confirm) {
    errors.push({ path: fields.confirmPath, keyword: 'passwordMismatch', params: {}, message: serverMessage('passwordMismatch', locale) });
  }
  return errors;
}

export function fieldError(path: string, keyword: string, message: string): FieldError {
  return { path, keyword, params: {}, message };
}

/** SECURITY R01: the new password is one of the account's last five (password-history.ts). */
export function reusedPasswordError(path: string, locale: Locale): FieldError {
  return fieldError(path, 'passwordReused', serverMessage('passwordReused', locale));
}

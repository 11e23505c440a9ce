import type { FormRule } from 'antd';
import type { Locale } from '../../shared/i18n/locale';
import { checkPasswordPolicy, passwordProblemMessage } from '../../shared/rules/password-policy';
import { passportTexts } from './passport-texts';

/**
 * The project's password policy (ADR 0005: 8+ characters, 3 of 4 classes, not the username; spec
 * §5's 6-character minimum raised), as antd rules, with the same messages as the server's.
 */
export function passwordPolicyRules(
  locale: Locale,
  options: { username?: () => string | undefined; requiredMessage?: string } = {},
): FormRule[] {
  const { username, requiredMessage = passportTexts(locale).newPasswordRequired } = options;
  return [
    { required: true, message: requiredMessage },
    {
      validator: async (_rule, value: unknown) => {
        const problem = typeof value === 'string' && value ? checkPasswordPolicy(value, { username: username?.() })[0] : undefined;
        if (problem) throw new Error(passwordProblemMessage(problem, locale));
      },
    },
  ];
}

/** Spec §5 "passwords must match": the confirmation equals the field `passwordField`. */
export function confirmPasswordRules(locale: Locale, passwordField: string): FormRule[] {
  const texts = passportTexts(locale);
  return [
    { required: true, message: texts.confirmRequired },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(texts.passwordsMismatch);
      },
    }),
  ];
}

const MOBILE = /^1[3-9]\d{9}$/;
// The usual shape check; the server's ajv-formats email is the authority.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function phoneRules(locale: Locale): FormRule[] {
  const texts = passportTexts(locale);
  return [
    { required: true, message: texts.phoneRequired },
    { pattern: MOBILE, message: texts.phoneInvalid },
  ];
}

export function emailRules(locale: Locale): FormRule[] {
  const texts = passportTexts(locale);
  return [
    { required: true, message: texts.emailRequired },
    { pattern: EMAIL, message: texts.emailInvalid },
    { max: 50, message: texts.emailInvalid },
  ];
}

/** Spec §5 "verification code required". */
export function smsCodeRules(locale: Locale): FormRule[] {
  const texts = passportTexts(locale);
  return [
    { required: true, message: texts.smsCodeRequired },
    { pattern: /^\d{6}$/, message: texts.smsCodeFormat },
  ];
}

export function isMobile(value: unknown): value is string {
  return typeof value === 'string' && MOBILE.test(value);
}

import type { Locale } from '../i18n/locale';

/**
 * The project's password policy (SECURITY R01, MLPS 8.1.4.1 a). Spec §5 only asks for "at least 6
 * characters"; that minimum is raised to 8 with 3 of the 4 character classes (ADR 0005), so every
 * password this accepts also satisfies the spec's rule.
 */
export const SPEC_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for pass-phrases and password managers (ASVS 6.2.9); never truncated. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_CLASSES = 3;

const CLASSES = [/\d/u, /[a-z]/u, /[A-Z]/u, /[^A-Za-z0-9_]/u];

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooFewClasses' | 'containsUsername' | 'containsContextWord' | 'commonPassword';

/**
 * Words an attacker tries first against this portal (SECURITY R01, ASVS 6.2.11): its names, the demo
 * city's, and the two every guesser starts with. Short enough to ship to the browser, so the forms
 * refuse them before sending; the long common-password list stays on the server.
 */
export const PASSWORD_CONTEXT_WORDS: readonly string[] = ['科委', 'kjw', 'kechuang', '科创', '江城', 'jiangcheng', 'admin', '123456'];

/** How many of the four classes (digits, lower case, upper case, non-word) the password uses. */
export function passwordClassCount(password: string): number {
  return CLASSES.filter((pattern) => pattern.test(password)).length;
}

export interface PasswordContext {
  username?: string | undefined;
  /** Whether the lower-cased password is on the common-password list; only the server holds the list. */
  isCommon?: (lowerCased: string) => boolean;
}

/** Every rule the password breaks, in a stable order; empty when it is acceptable. */
export function checkPasswordPolicy(password: string, context: PasswordContext = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Code points, not UTF-16 units: '密' is one character to the person typing it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  if (passwordClassCount(password) < PASSWORD_MIN_CLASSES) problems.push('tooFewClasses');
  const username = context.username?.trim().toLowerCase();
  const lower = password.toLowerCase();
  if (username && username.length >= 3 && lower.includes(username)) problems.push('containsUsername');
  if (PASSWORD_CONTEXT_WORDS.some((word) => lower.includes(word))) problems.push('containsContextWord');
  if (context.isCommon?.(lower)) problems.push('commonPassword');
  return problems;
}

const MESSAGES: Record<Locale, Record<PasswordProblem, string>> = {
  'zh-CN': {
    tooShort: `密码至少${PASSWORD_MIN_LENGTH}个字符`,
    tooLong: `密码最多${PASSWORD_MAX_LENGTH}个字符`,
    tooFewClasses: `密码须包含数字、小写字母、大写字母、特殊字符中的至少${PASSWORD_MIN_CLASSES}类`,
    containsUsername: '密码不能包含用户名',
    containsContextWord: '密码不能包含本系统或所在城市的名称（如 kjw、科委、kechuang、江城）或 admin、123456 等易猜词',
    commonPassword: '该密码过于常见，容易被猜中，请换一个',
  },
  'en-US': {
    tooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters`,
    tooLong: `The password may have at most ${PASSWORD_MAX_LENGTH} characters`,
    tooFewClasses: `The password needs at least ${PASSWORD_MIN_CLASSES} of: digits, lower-case letters, upper-case letters, symbols`,
    containsUsername: 'The password must not contain the username',
    containsContextWord:
      'The password must not contain easily guessed words such as the portal\'s or the city\'s name (kjw, 科委, kechuang, jiangcheng), "admin" or "123456"',
    commonPassword: 'This password is too common and easily guessed; please choose another',
  },
};

export function passwordProblemMessage(problem: PasswordProblem, locale: Locale): string {
  return MESSAGES[locale][problem];
}

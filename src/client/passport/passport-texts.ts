import { fillTemplate } from '../../shared/i18n/fill-template';
import { PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH } from '../../shared/rules/password-policy';
import { defineTexts } from '../i18n/define-texts';
import { useLocale } from '../i18n/locale-store';
import enUS from './passport-texts.en-US.json';
import zhCN from './passport-texts.zh-CN.json';

/**
 * The passport's and the account area's texts (passport-texts.zh-CN.json, passport-texts.en-US.json).
 * The spec fixes some Chinese words: the login layout headers (登录, 找回密码, 注册, 授权), 法人登录,
 * the 24-hour activation link and the credentials-invalid and verification-code-error messages (§2, §5, §8).
 */
export const passportTexts = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  resendIn: (seconds: number): string => fillTemplate(texts.resendIn, { seconds }),
  accountFrozenAt: (at: string): string => fillTemplate(texts.accountFrozenAt, { at }),
  frozenReason: (reason: string): string => fillTemplate(texts.frozenReason, { reason }),
  currentRoles: (roles: string): string => fillTemplate(texts.currentRoles, { roles }),
  // The policy's numbers come from the rule the server enforces, never from the catalogue.
  passwordPolicyHint: fillTemplate(texts.passwordPolicyHint, { length: PASSWORD_MIN_LENGTH, classes: PASSWORD_MIN_CLASSES }),
}));

export type PassportTexts = ReturnType<typeof passportTexts>;

export function usePassportTexts(): PassportTexts {
  return passportTexts(useLocale());
}

import { isResidentIdNumber } from '../rules/resident-id-number';
import { isUnifiedSocialCreditCode } from '../rules/unified-social-credit-code';

const MOBILE = /^1[3-9]\d{9}$/;

/**
 * Formats of our own, beyond ajv-formats. The server's ajv and the browser's rules both use these
 * functions, so a code the browser accepts is one the server accepts.
 */
export const CUSTOM_FORMATS = {
  /** 统一社会信用代码: 18 characters and a valid check character. */
  uscc: isUnifiedSocialCreditCode,
  /** 居民身份证号码: 18 characters, a real birth date and a valid check character. */
  idcard: isResidentIdNumber,
  /** A mainland mobile number. */
  mobile: (value: string): boolean => MOBILE.test(value),
} as const satisfies Record<string, (value: string) => boolean>;

export type CustomFormat = keyof typeof CUSTOM_FORMATS;

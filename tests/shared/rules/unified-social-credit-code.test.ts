import { describe, expect, it } from 'vitest';
import { isUnifiedSocialCreditCode, unifiedSocialCreditCheckChar } from '../../../src/shared/rules/unified-social-credit-code';

describe('isUnifiedSocialCreditCode', () => {
  // Published codes of real organisations (GB 32100-2015 check characters).
  it.each(['91110000100006485K', '91350100M000100Y43', '91440300708461136T'])('accepts %s', (code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
  });

  it.each(['', '91350100M000100Y4', '91350100M000100Y433', '91350100m000100Y43', '9135010OM000100Y43'])('refuses the shape %j', (code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(false);
  });

  it('computes the check character over the first 17', () => {
    expect(unifiedSocialCreditCheckChar('91350100M000100Y4')).toBe('3');
  });
});

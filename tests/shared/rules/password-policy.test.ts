import { describe, expect, it } from 'vitest';
import {
  checkPasswordPolicy,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordClassCount,
  passwordProblemMessage,
  SPEC_PASSWORD_MIN_LENGTH,
} from '../../../src/shared/rules/password-policy';

describe('the password policy (SECURITY R01; spec §5 raised from 6 to 8, ADR 0005)', () => {
  it('raises the spec minimum of 6 to 8', () => {
    expect(SPEC_PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    // Six characters that pass the spec's own rule are refused here.
    expect(checkPasswordPolicy('aB3$eF')).toEqual(['tooShort']);
  });

  it.each([
    ['Kj$w-2025-xyz', []],
    ['Kechuang@2026', []],
    ['abcdef1!', []],
    ['ABCDEFG1a', []],
    ['Abcdefgh', ['tooFewClasses']],
    ['abcdefgh1', ['tooFewClasses']],
    ['12345678', ['tooFewClasses']],
    ['aB1', ['tooShort']],
    ['', ['tooShort', 'tooFewClasses']],
  ])('%j → %j', (password, problems) => {
    expect(checkPasswordPolicy(password)).toEqual(problems);
  });

  it('counts the four classes: digits, lower, upper, non-word (Chinese counts as non-word)', () => {
    expect(passwordClassCount('a')).toBe(1);
    expect(passwordClassCount('aA1!')).toBe(4);
    expect(passwordClassCount('密码Ab')).toBe(3);
    expect(passwordClassCount('a_b')).toBe(1);
  });

  it('counts characters, not UTF-16 units, and allows up to 128 (no truncation)', () => {
    expect(checkPasswordPolicy('密码密码Ab1')).toEqual(['tooShort']);
    expect(checkPasswordPolicy(`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`)).toEqual([]);
    expect(checkPasswordPolicy(`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toEqual(['tooLong']);
  });

  it('refuses a password containing the username, case-insensitively', () => {
    expect(checkPasswordPolicy('Zhangwei-2026', { username: 'zhangwei' })).toEqual(['containsUsername']);
    expect(checkPasswordPolicy('Kj$w-2025-xyz', { username: 'zhangwei' })).toEqual([]);
  });

  it('words every problem in both locales', () => {
    expect(passwordProblemMessage('tooShort', 'zh-CN')).toBe('密码至少8个字符');
    expect(passwordProblemMessage('tooFewClasses', 'en-US')).toMatch(/at least 3 of/);
  });
});

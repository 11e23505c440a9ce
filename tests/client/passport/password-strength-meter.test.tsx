// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from '../../../src/client/passport/password-strength-meter';
import { setLocale } from '../../../src/client/i18n/locale-store';
import { stubMatchMedia } from '../helpers/dom-setup';

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  setLocale('zh-CN');
});

function meter(password: string): HTMLElement {
  const { container } = render(<PasswordStrengthMeter password={password} />);
  const element = container.querySelector<HTMLElement>('.kc-strength-meter');
  if (!element) throw new Error('no meter');
  return element;
}

describe('the password-strength meter', () => {
  it('shows the spec score: empty is 0 with no level', () => {
    const element = meter('');
    expect(element.dataset['score']).toBe('0');
    expect(element.dataset['level']).toBe('empty');
    expect(element.textContent).toContain('密码强度：—');
  });

  it.each([
    // 'a' = 5; 'aaaa' = 5 + 2.5 + 1.67 + 1.25 = 10; 'aA1!' = 20 + 30 = 50.
    ['a', '5', 'weak', '弱'],
    ['aaaa', '10', 'weak', '弱'],
    ['aA1!', '50', 'medium', '中'],
    ['Kechuang@2026x', '97', 'strong', '强'],
  ])('%j scores %s (%s, %s)', (password, score, level, label) => {
    const element = meter(password);
    expect(element.dataset['score']).toBe(score);
    expect(element.dataset['level']).toBe(level);
    expect(element.querySelector('.kc-strength-label')?.textContent).toBe(`密码强度：${label}`);
  });

  it('speaks English when the locale is en-US', () => {
    setLocale('en-US');
    expect(meter('aA1!').querySelector('.kc-strength-label')?.textContent).toBe('Password strength: Medium');
  });
});

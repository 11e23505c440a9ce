import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  confirmPasswordRules,
  emailRules,
  passwordPolicyRules,
  phoneRules,
  smsCodeRules,
} from '../../../src/client/passport/password-rules';

/** Runs antd-style rules the way antd's form does, enough for these: required, pattern, max, validator. */
async function firstError(rules: FormRule[], value: unknown, values: Record<string, unknown> = {}): Promise<string | undefined> {
  const form = { getFieldValue: (name: string) => values[name] } as unknown as FormInstance;
  for (const entry of rules) {
    const rule = typeof entry === 'function' ? entry(form) : entry;
    const message = typeof rule.message === 'string' ? rule.message : undefined;
    if (rule.required && (value === undefined || value === '')) return message;
    if (typeof value === 'string' && value !== '') {
      if (rule.pattern && !rule.pattern.test(value)) return message;
      if (rule.max !== undefined && value.length > rule.max) return message;
    }
    if (rule.validator) {
      try {
        await rule.validator(rule as never, value, () => undefined);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
  }
  return undefined;
}

describe('the passport form rules (spec §5, ADR 0005)', () => {
  it('the password follows the project policy: 8+ characters, 3 of 4 classes, not the username', async () => {
    const rules = passwordPolicyRules('zh-CN', { username: () => 'alice' });
    expect(await firstError(rules, '')).toBe('请输入新密码');
    expect(await firstError(rules, 'Ab1!')).toBe('密码至少8个字符');
    expect(await firstError(rules, 'abcdefgh')).toMatch(/至少3类/);
    expect(await firstError(rules, 'Alice@2026')).toBe('密码不能包含用户名');
    expect(await firstError(rules, 'Kechuang@2026')).toMatch(/^密码不能包含本系统或所在城市的名称/);
    expect(await firstError(rules, 'Kj$w-2025-xyz')).toBeUndefined();
  });

  it('the passwords must match', async () => {
    const rules = confirmPasswordRules('zh-CN', 'password');
    expect(await firstError(rules, 'Other@2026', { password: 'Kechuang@2026' })).toBe('两次输入的密码不一致');
    expect(await firstError(rules, 'Kechuang@2026', { password: 'Kechuang@2026' })).toBeUndefined();
  });

  it('the phone and e-mail formats, and the verification code required', async () => {
    expect(await firstError(phoneRules('zh-CN'), '12345')).toBe('请输入正确的手机号');
    expect(await firstError(phoneRules('zh-CN'), '13800000001')).toBeUndefined();
    expect(await firstError(emailRules('zh-CN'), 'not-an-email')).toBe('请输入正确的电子邮箱');
    expect(await firstError(emailRules('zh-CN'), 'a@example.com')).toBeUndefined();
    expect(await firstError(smsCodeRules('zh-CN'), '')).toBe('请输入验证码');
    expect(await firstError(smsCodeRules('en-US'), '12a')).toBe('Enter the 6-digit code');
  });
});

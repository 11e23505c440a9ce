import { describe, expect, it } from 'vitest';
import { validationMessage } from '../../../src/shared/i18n/validation-message';

describe('validationMessage', () => {
  it('says 请选择 for an empty choice and 请输入 for an empty input', () => {
    expect(validationMessage('required', {}, { type: 'string', 'x-dict': 'need_type' }, 'zh-CN')).toBe('请选择');
    expect(validationMessage('required', {}, { type: 'string', enum: ['a'] }, 'zh-CN')).toBe('请选择');
    expect(validationMessage('required', {}, { type: 'string', format: 'date' }, 'zh-CN')).toBe('请选择');
    expect(validationMessage('required', {}, { type: 'string' }, 'zh-CN')).toBe('请输入');
    expect(validationMessage('required', {}, undefined, 'en-US')).toBe('Please enter');
  });

  it('never shows a regular expression', () => {
    const message = validationMessage('pattern', { pattern: '^1[3-9]\\d{9}$' }, { type: 'string' }, 'zh-CN');
    expect(message).toBe('格式不正确');
    expect(validationMessage('format', { format: 'hostname' }, undefined, 'zh-CN')).toBe('格式不正确');
  });

  it('uses a schema override, per locale', () => {
    const field = {
      type: 'string',
      'x-messages': { pattern: { 'zh-CN': '请输入11位手机号码', 'en-US': 'Enter an 11-digit mobile number' } },
    };
    expect(validationMessage('pattern', {}, field, 'zh-CN')).toBe('请输入11位手机号码');
    expect(validationMessage('pattern', {}, field, 'en-US')).toBe('Enter an 11-digit mobile number');
    expect(validationMessage('maxLength', { limit: 5 }, field, 'zh-CN')).toBe('最多输入5个字符');
  });

  it("words an x-compare by the field's kind and names the other field, unless the rule has its own message", () => {
    const date = { type: 'string', format: 'date' };
    const params = (comparison: string) => ({ comparison, field: 'startDate', fieldTitle: '开始日期' });
    expect(['<', '<=', '>', '>=', '==', '!='].map((op) => validationMessage('x-compare', params(op), date, 'zh-CN'))).toEqual([
      '应早于「开始日期」',
      '不得晚于「开始日期」',
      '应晚于「开始日期」',
      '不得早于「开始日期」',
      '应与「开始日期」相同',
      '不能与「开始日期」相同',
    ]);
    const amount = { type: 'number' };
    const total = (comparison: string) => ({ comparison, field: 'total', fieldTitle: 'Total' });
    expect(validationMessage('x-compare', { comparison: '<=', field: 'total', fieldTitle: '总额' }, amount, 'zh-CN')).toBe(
      '不能大于「总额」',
    );
    expect(validationMessage('x-compare', total('<'), amount, 'en-US')).toBe('Must be less than "Total"');
    expect(
      validationMessage(
        'x-compare',
        params('>='),
        { ...date, 'x-compare': { op: '>=', field: 'startDate', message: '结束日期不得早于开始日期' } },
        'en-US',
      ),
    ).toBe('结束日期不得早于开始日期');
  });

  it('words an x-compare with today or now by naming the moment plainly', () => {
    const date = { type: 'string', format: 'date' };
    const dateTime = { type: 'string', format: 'date-time' };
    expect(validationMessage('x-compare', { comparison: '<=', moment: 'today' }, date, 'zh-CN')).toBe('不得晚于今天');
    expect(validationMessage('x-compare', { comparison: '<=', moment: 'today' }, date, 'en-US')).toBe('Must not be after today');
    expect(validationMessage('x-compare', { comparison: '>', moment: 'now' }, dateTime, 'zh-CN')).toBe('应晚于当前时间');
    expect(validationMessage('x-compare', { comparison: '>', moment: 'now' }, dateTime, 'en-US')).toBe('Must be after the current time');
    expect(validationMessage('x-compare', { comparison: '==', moment: 'today' }, date, 'zh-CN')).toBe('应与今天相同');
  });

  it('words captcha failures', () => {
    expect(validationMessage('captcha', { reason: 'invalid' }, undefined, 'zh-CN')).toBe('验证码错误');
    expect(validationMessage('captcha', { reason: 'expired' }, undefined, 'zh-CN')).toBe('验证码已过期，请点击图片刷新');
  });
});

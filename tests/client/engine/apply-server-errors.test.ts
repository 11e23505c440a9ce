import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { applyServerErrors } from '../../../src/client/engine/apply-server-errors';
import type { FieldError } from '../../../src/shared/schema/field-error';

const error = (path: string, message: string, keyword = 'maxLength'): FieldError => ({ path, keyword, params: {}, message });

describe('applyServerErrors', () => {
  it('puts each error on its field and returns those that match no field', () => {
    const form = createForm();
    const theme = form.createField({ name: 'theme' });
    const code = form.createField({ name: 'code' });
    const unplaced = applyServerErrors(form, [
      error('theme', '最多输入50个字符'),
      error('code', '验证码错误', 'captcha'),
      error('company', '不允许提交未定义的字段：company', 'additionalProperties'),
      error('', '输入不正确', 'type'),
    ]);
    expect(theme.selfErrors).toEqual(['最多输入50个字符']);
    expect(code.selfErrors).toEqual(['验证码错误']);
    expect(unplaced.map((e) => e.path)).toEqual(['company', '']);
  });

  it('places nested paths and lets the next client check replace the server message', async () => {
    const form = createForm();
    form.createObjectField({ name: 'contact' });
    const tel = form.createField({ name: 'tel', basePath: 'contact', validator: [{ triggerType: 'onInput', validator: () => '' }] });
    applyServerErrors(form, [error('contact.tel', '最多输入20个字符')]);
    expect(tel.selfErrors).toEqual(['最多输入20个字符']);
    await tel.onInput('12345');
    expect(tel.selfErrors).toEqual([]);
  });
});

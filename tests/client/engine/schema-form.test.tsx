// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import messageSchemaFile from '../../../schemas/forms/message.schema.json';
import { ApiError } from '../../../src/client/api/api-error';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { submitSchemaForm } from '../../../src/client/engine/submit-pipeline';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia, fieldOf } from '../helpers/dom-setup';

vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => [
    { value: '1', label: '技术需求' },
    { value: '2', label: '融资需求' },
  ]),
}));
const captcha = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../src/client/api/captcha-api', () => ({
  fetchCaptchaImage: vi.fn(async () => `data:image/svg+xml;base64,${btoa(`<svg id="${++captcha.calls}"/>`)}`),
}));

const messageSchema = messageSchemaFile as JsonSchema;

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});

afterEach(() => cleanup());

async function renderMessageForm() {
  const form = createForm();
  render(<SchemaForm form={form} schema={messageSchema} locale="zh-CN" captchaEndpoint="/sys/person/message/loginCode" />);
  await screen.findByText('主题');
  await waitFor(() => expect(captcha.calls).toBeGreaterThan(0));
  return form;
}

describe('<SchemaForm> with the message schema', () => {
  it('renders every field in x-order with the captcha image', async () => {
    await renderMessageForm();
    const labels = ['留言类型', '主题', '姓名', '联系电话', '电子邮箱', '留言内容', '验证码'];
    const positions = labels.map((label) => document.body.innerHTML.indexOf(`>${label}<`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(screen.getByAltText('图形验证码').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('stops an empty submit on the client with 请选择 and 请输入, sending nothing', async () => {
    const form = await renderMessageForm();
    const send = vi.fn();
    const outcome = await act(() => submitSchemaForm(form, send));
    expect(outcome.status).toBe('invalid');
    expect(send).not.toHaveBeenCalled();
    expect(fieldOf(form, 'messageType').selfErrors).toEqual(['请选择']);
    expect(fieldOf(form, 'theme').selfErrors).toEqual(['请输入']);
    expect(await screen.findAllByText('请输入')).toHaveLength(4);
    expect(screen.getByText('请选择')).toBeTruthy();
  });

  it('shows a 51-character theme as 最多输入50个字符', async () => {
    const form = await renderMessageForm();
    await act(() => fieldOf(form, 'theme').onInput('题'.repeat(51)));
    expect(await screen.findByText('最多输入50个字符')).toBeTruthy();
  });

  it('sends pruned values, puts server errors on their fields and fetches a new captcha', async () => {
    const form = await renderMessageForm();
    form.setValues({ messageType: '1', theme: '主题', name: '张三', phone: '13800000000', email: '', code: 'abcd' });
    const callsBefore = captcha.calls;
    const send = vi.fn(async () => {
      throw new ApiError('参数校验失败', 400, 400, [{ path: 'code', keyword: 'captcha', params: {}, message: '验证码错误' }]);
    });
    const outcome = await act(() => submitSchemaForm(form, send));
    expect(outcome.status).toBe('rejected');
    expect(send).toHaveBeenCalledWith({ messageType: '1', theme: '主题', name: '张三', phone: '13800000000', code: 'abcd' });
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(captcha.calls).toBe(callsBefore + 1));
    expect(form.values['code']).toBeUndefined();
  });

  it('reports success through the same pipeline', async () => {
    const form = await renderMessageForm();
    form.setValues({ messageType: '2', theme: '主题', name: '张三', phone: '13800000000', code: 'abcd' });
    const outcome = await act(() => submitSchemaForm(form, async () => ({ code: 0 })));
    expect(outcome).toEqual({ status: 'succeeded', result: { code: 0 } });
  });
});

import { describe, expect, it } from 'vitest';
import { escapeForContentType, fillTemplate } from '../../../../src/server/services/senders/fill-template';

const TEXT = '【科创服务门户】验证码为 123456，"勿告知他人"\n& 谢谢 {phone}';

describe('the HTTP gateway template', () => {
  it('keeps a JSON body valid whatever the text holds, and never expands a placeholder twice', () => {
    const body = fillTemplate('{"mobile":"{phone}","content":"{text}"}', { phone: '13800000001', text: TEXT }, 'json');
    expect(JSON.parse(body)).toEqual({ mobile: '13800000001', content: TEXT });
  });

  it('encodes form and URL parameters', () => {
    const form = fillTemplate('to={phone}&msg={text}', { phone: '+8613800000001', text: TEXT }, 'form');
    expect(new URLSearchParams(form).get('msg')).toBe(TEXT);
    expect(new URLSearchParams(form).get('to')).toBe('+8613800000001');
  });

  it('leaves unknown placeholders as they are, and picks the escaping from the Content-Type', () => {
    expect(fillTemplate('{sign}{text}', { text: 'a' }, 'none')).toBe('{sign}a');
    expect(escapeForContentType('application/json; charset=utf-8')).toBe('json');
    expect(escapeForContentType('application/x-www-form-urlencoded')).toBe('form');
    expect(escapeForContentType('text/plain')).toBe('none');
  });
});

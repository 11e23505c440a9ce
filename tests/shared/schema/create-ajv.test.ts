import { describe, expect, it } from 'vitest';
import messageSchema from '../../../schemas/forms/message.schema.json';
import { createAjv } from '../../../src/shared/schema/create-ajv';

describe('createAjv', () => {
  it('keeps strict mode on: a mistyped standard keyword is an error', () => {
    expect(() => createAjv().compile({ type: 'string', maxlength: 3 })).toThrow(/unknown keyword: "maxlength"/);
  });

  it('rejects an unregistered x- keyword', () => {
    expect(() => createAjv().compile({ type: 'string', 'x-dcit': 'need_type' })).toThrow(/x-dcit/);
  });

  it('checks the value of a registered x- keyword against its meta-schema', () => {
    expect(() => createAjv().compile({ type: 'string', 'x-dict': 'Need Type' })).toThrow(/x-dict/);
    expect(() => createAjv().compile({ type: 'string', 'x-component': 'Slider' })).toThrow(/x-component/);
  });

  it('compiles the message form and reports every failing field at once', () => {
    const validate = createAjv().compile(messageSchema);
    expect(validate({ messageType: '1', theme: 't', name: 'n', phone: '1', code: 'c' })).toBe(true);
    expect(validate({ theme: 'x'.repeat(51), email: 'not-an-email', extra: 1 })).toBe(false);
    const keywords = (validate.errors ?? []).map((e) => e.keyword).sort();
    expect(keywords).toEqual(['additionalProperties', 'format', 'maxLength', 'required', 'required', 'required', 'required']);
  });
});

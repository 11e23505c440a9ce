import { createForm, type Field } from '@formily/core';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import messageSchemaFile from '../../../schemas/forms/message.schema.json';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { UnknownComponentError } from '../../../src/shared/schema/component-names';
import { compileSchema, type DictOptions } from '../../../src/client/engine/compile-schema';

const CAPTCHA = '/sys/person/message/loginCode';

const messageSchema = messageSchemaFile as JsonSchema;
const needType: DictOptions = {
  need_type: [
    { value: '1', label: '技术需求' },
    { value: '2', label: '融资需求' },
  ],
};

function props(schema: ISchema): Record<string, ISchema> {
  return (schema.properties ?? {}) as Record<string, ISchema>;
}

function prop(schema: ISchema, name: string): ISchema {
  const found = props(schema)[name];
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

/** Runs a compiled field's rules through Formily itself and returns its error messages. */
async function errorsFor(compiled: ISchema, name: string, value: unknown): Promise<string[]> {
  const node = prop(compiled, name);
  const form = createForm();
  const field: Field = form.createField({ name, validator: node['x-validator'], required: node.required === true });
  field.setValue(value);
  // validate() rejects when a rule fails; the messages are what matters here.
  await field.validate().catch(() => undefined);
  return field.selfErrors;
}

describe('compileSchema', () => {
  const zh = compileSchema(messageSchema, { locale: 'zh-CN', dictOptions: needType, captchaEndpoint: CAPTCHA });

  it('pushes the parent required array down to field-level required (trap 1)', () => {
    const required = Object.entries(props(zh))
      .filter(([, node]) => node.required === true)
      .map(([name]) => name)
      .sort();
    expect(required).toEqual(['code', 'messageType', 'name', 'phone', 'theme']);
    expect(prop(zh, 'email').required).toBeUndefined();
    expect(prop(zh, 'content').required).toBeUndefined();
    expect(zh.required).toBeUndefined();
  });

  it('says 最多输入50个字符 for a 51-character theme, and accepts 50', async () => {
    expect(await errorsFor(zh, 'theme', '主'.repeat(51))).toEqual(['最多输入50个字符']);
    expect(await errorsFor(zh, 'theme', '主'.repeat(50))).toEqual([]);
  });

  it('counts length in code points, as ajv does', async () => {
    expect(await errorsFor(zh, 'theme', '😀'.repeat(50))).toEqual([]);
  });

  it('says 请选择 for an empty choice field and 请输入 for an empty input', async () => {
    expect(await errorsFor(zh, 'messageType', undefined)).toEqual(['请选择']);
    expect(await errorsFor(zh, 'theme', '')).toEqual(['请输入']);
    expect(await errorsFor(zh, 'code', undefined)).toEqual(['请输入']);
  });

  it('checks email format with the server wording and leaves an empty optional field alone', async () => {
    expect(await errorsFor(zh, 'email', 'not-an-email')).toEqual(['请输入正确的邮箱地址']);
    expect(await errorsFor(zh, 'email', 'a@example.com')).toEqual([]);
    expect(await errorsFor(zh, 'email', '')).toEqual([]);
  });

  it('maps x-dict to the loaded dictionary options', () => {
    const messageType = prop(zh, 'messageType');
    expect(messageType['x-component']).toBe('Select');
    expect(messageType.enum).toEqual([
      { value: '1', label: '技术需求' },
      { value: '2', label: '融资需求' },
    ]);
  });

  it('gives a dictionary that has not loaded no options rather than failing', () => {
    expect(prop(compileSchema(messageSchema, { locale: 'zh-CN', captchaEndpoint: CAPTCHA }), 'messageType').enum).toEqual([]);
  });

  it('orders fields by x-order, unordered ones last in written order', () => {
    const shuffled: JsonSchema = {
      type: 'object',
      properties: {
        late: { type: 'string' },
        b: { type: 'string', 'x-order': 2 },
        a: { type: 'string', 'x-order': 1 },
        later: { type: 'string' },
      },
    };
    const compiled = compileSchema(shuffled, { locale: 'zh-CN', captchaEndpoint: CAPTCHA });
    expect(Object.keys(props(compiled))).toEqual(['a', 'b', 'late', 'later']);
    expect(Object.values(props(compiled)).map((node) => node['x-index'])).toEqual([1, 2, 3, 4]);
    expect(Object.keys(props(zh))).toEqual(['messageType', 'theme', 'name', 'phone', 'email', 'content', 'code']);
  });

  it('uses en-US titles, placeholders and messages from x-locale and the shared messages', async () => {
    const en = compileSchema(messageSchema, { locale: 'en-US', dictOptions: needType, captchaEndpoint: CAPTCHA });
    expect(prop(en, 'theme').title).toBe('Subject');
    expect(prop(en, 'messageType').title).toBe('Message type');
    expect(en.title).toBe('Online message');
    expect(prop(en, 'theme')['x-component-props']).toMatchObject({ placeholder: 'Please enter Subject' });
    expect(await errorsFor(en, 'theme', 'x'.repeat(51))).toEqual(['At most 50 characters']);
    expect(await errorsFor(en, 'messageType', undefined)).toEqual(['Please select']);
  });

  it('uses zh-CN titles and placeholders by default', () => {
    expect(prop(zh, 'theme').title).toBe('主题');
    expect(prop(zh, 'theme')['x-component-props']).toMatchObject({ placeholder: '请输入主题' });
    expect(prop(zh, 'messageType')['x-component-props']).toMatchObject({ placeholder: '请选择留言类型' });
  });

  it('wraps every field in FormItem and keeps the schema component props', () => {
    for (const node of Object.values(props(zh))) expect(node['x-decorator']).toBe('FormItem');
    expect(prop(zh, 'content')['x-component']).toBe('Input.TextArea');
    expect(prop(zh, 'content')['x-component-props']).toMatchObject({ rows: 4, count: { show: true, max: 2000 } });
    expect(prop(zh, 'code')['x-component']).toBe('Captcha');
  });

  it('throws loudly, naming the field path and component, for an unknown component', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { org: { type: 'object', properties: { logo: { type: 'string', 'x-component': 'Uploader' } } } },
    };
    expect(() => compileSchema(schema, { locale: 'zh-CN' })).toThrow(UnknownComponentError);
    expect(() => compileSchema(schema, { locale: 'zh-CN' })).toThrow(/"Uploader".*"org\.logo"/);
  });

  it('throws for a field whose type has no widget, instead of skipping it', () => {
    const schema: JsonSchema = { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } };
    expect(() => compileSchema(schema, { locale: 'zh-CN' })).toThrow(/"rows"/);
  });

  it('turns a plain enum with x-enum-labels into Formily options only in the output (trap 3)', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { size: { type: 'string', enum: ['s', 'm', 'l'], 'x-enum-labels': ['小', '中'] } },
    };
    const before = structuredClone(schema);
    const size = prop(compileSchema(schema, { locale: 'zh-CN' }), 'size');
    expect(size['x-component']).toBe('Select');
    expect(size.enum).toEqual([
      { label: '小', value: 's' },
      { label: '中', value: 'm' },
      { label: 'l', value: 'l' },
    ]);
    expect(schema).toEqual(before);
  });

  it('maps no validation keyword that Formily would check with its own rules (trap 2 among them)', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['tags'],
      properties: {
        tags: { type: 'array', uniqueItems: true, minItems: 1, items: { type: 'string', enum: ['sms', 'email'] } },
        age: { type: 'integer', minimum: 18, maximum: 60 },
      },
    };
    const compiled = compileSchema(schema, { locale: 'zh-CN' });
    for (const node of Object.values(props(compiled))) {
      for (const keyword of ['uniqueItems', 'maxLength', 'minLength', 'minimum', 'maximum', 'format', 'pattern', 'minItems']) {
        expect(node).not.toHaveProperty(keyword);
      }
    }
    expect(prop(compiled, 'tags')['x-component']).toBe('Checkbox.Group');
    expect(prop(compiled, 'age')['x-component']).toBe('NumberPicker');
  });

  it('checks numbers, patterns and array sizes with the shared wording', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        age: { type: 'integer', minimum: 18 },
        zip: { type: 'string', pattern: '^\\d{6}$' },
        tags: { type: 'array', uniqueItems: true, maxItems: 1, items: { type: 'string', enum: ['sms', 'email'] } },
      },
    };
    const compiled = compileSchema(schema, { locale: 'zh-CN' });
    expect(await errorsFor(compiled, 'age', 17)).toEqual(['不能小于18']);
    expect(await errorsFor(compiled, 'zip', '12345')).toEqual(['格式不正确']);
    expect(await errorsFor(compiled, 'tags', ['sms', 'email'])).toEqual(['最多只能有1项']);
  });

  it('honours x-messages overrides', async () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['phone'],
      properties: { phone: { type: 'string', 'x-messages': { required: { 'zh-CN': '请填写联系电话', 'en-US': 'Phone, please' } } } },
    };
    expect(await errorsFor(compileSchema(schema, { locale: 'zh-CN' }), 'phone', '')).toEqual(['请填写联系电话']);
    expect(await errorsFor(compileSchema(schema, { locale: 'en-US' }), 'phone', '')).toEqual(['Phone, please']);
  });

  it('pushes required down inside nested objects too', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { contact: { type: 'object', required: ['tel'], properties: { tel: { type: 'string' }, fax: { type: 'string' } } } },
    };
    const contact = prop(compileSchema(schema, { locale: 'zh-CN' }), 'contact');
    expect(prop(contact, 'tel').required).toBe(true);
    expect(prop(contact, 'fax').required).toBeUndefined();
  });

  it('is pure: it does not touch its input and emits no {{ }} expression (CSP: no eval)', () => {
    const before = structuredClone(messageSchema);
    const again = compileSchema(messageSchema, { locale: 'zh-CN', dictOptions: needType, captchaEndpoint: CAPTCHA });
    expect(messageSchema).toEqual(before);
    expect(JSON.stringify(again)).toEqual(JSON.stringify(zh));
    expect(JSON.stringify(zh)).not.toContain('{{');
  });
});

describe('compileSchema: the captcha endpoint comes from the form host, never a default', () => {
  it('refuses a Captcha field when the host names no endpoint, and passes the one it names', () => {
    expect(() => compileSchema(messageSchema, { locale: 'zh-CN' })).toThrow(/captchaEndpoint/);
    const compiled = compileSchema(messageSchema, { locale: 'zh-CN', captchaEndpoint: '/resources/tech-demand/captcha' });
    expect(prop(compiled, 'code')['x-component-props']).toMatchObject({ endpoint: '/resources/tech-demand/captcha' });
  });

  it('marks a Captcha field required whether or not the schema lists it, as the server asks for it either way', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', title: '姓名' },
        code: { type: 'string', title: '验证码', 'x-component': 'Captcha' },
      },
    };
    const compiled = compileSchema(schema, { locale: 'zh-CN', captchaEndpoint: '/resources/event-sign/captcha' });
    expect(prop(compiled, 'code').required).toBe(true);
  });
});

describe('compileSchema: suggestions from a resource list', () => {
  it("renders a text field with x-suggest as the engine's AutoComplete, labelled, with where its suggestions come from", () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        orgName: {
          type: 'string',
          title: '单位名称',
          maxLength: 60,
          'x-suggest': { resource: 'organisation', list: 'directory', field: 'orgName' },
        },
      },
    };
    const compiled = prop(compileSchema(schema, { locale: 'zh-CN' }), 'orgName');
    expect(compiled['x-component']).toBe('AutoComplete');
    expect(compiled['x-component-props']).toMatchObject({
      'aria-label': '单位名称',
      suggest: { resource: 'organisation', list: 'directory', field: 'orgName' },
    });
    expect(() =>
      compileSchema({ type: 'object', properties: { orgName: { type: 'string', 'x-component': 'AutoComplete' } } }, { locale: 'zh-CN' }),
    ).toThrow(/x-suggest/);
  });
});

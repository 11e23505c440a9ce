import type { JsonSchema } from '../schema/json-schema';

/** A starting point for a new form in the studio (ADR 0040): its schema without `$schema`, `$id` and `title`. */
export interface FormTemplate {
  name: string;
  label: { 'zh-CN': string; 'en-US': string };
  schema: JsonSchema;
}

/** The blank form: one required text field, to be edited in the studio. */
export const BLANK_FORM: FormTemplate = {
  name: 'blank',
  label: { 'zh-CN': '空白', 'en-US': 'Blank' },
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', title: '名称', minLength: 1, maxLength: 50 } },
  },
};

/** The studio's form templates, in the order the dialog offers them. */
export const FORM_TEMPLATES: readonly FormTemplate[] = [
  {
    name: 'contact',
    label: { 'zh-CN': '联系信息', 'en-US': 'Contact details' },
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'phone'],
      properties: {
        name: { type: 'string', title: '姓名', minLength: 1, maxLength: 30, 'x-order': 1 },
        phone: { type: 'string', title: '手机号码', maxLength: 20, format: 'mobile', 'x-order': 2 },
        email: { type: 'string', title: '电子邮箱', maxLength: 50, format: 'email', 'x-order': 3 },
        content: { type: 'string', title: '内容', maxLength: 500, 'x-component': 'Input.TextArea', 'x-order': 4 },
      },
    },
  },
];

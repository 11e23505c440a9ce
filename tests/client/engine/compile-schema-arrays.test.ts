import { createForm, type Field } from '@formily/core';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { UnsupportedRuleError } from '../../../src/client/engine/field-rules';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const props = (schema: ISchema | undefined): Record<string, ISchema> => (schema?.properties ?? {}) as Record<string, ISchema>;

function prop(schema: ISchema | undefined, name: string): ISchema {
  const found = props(schema)[name];
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

const itemsOf = (schema: ISchema): ISchema => schema.items as ISchema;

async function ruleErrors(node: ISchema, value: unknown): Promise<string[]> {
  const form = createForm();
  const field: Field = form.createField({ name: 'x', validator: node['x-validator'], required: node.required === true });
  field.setValue(value);
  await field.validate().catch(() => undefined);
  return field.selfErrors;
}

const rows = (component: string): JsonSchema => ({
  type: 'object',
  required: ['members'],
  properties: {
    members: {
      type: 'array',
      title: '团队成员',
      minItems: 1,
      maxItems: 3,
      'x-component': component,
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          phone: { type: 'string', title: '手机号', format: 'mobile', 'x-order': 2 },
          name: { type: 'string', title: '姓名', maxLength: 30, 'x-order': 1 },
          role: { type: 'string', title: '角色', enum: ['leader', 'member'], 'x-enum-labels': ['负责人', '成员'] },
        },
      },
    },
  },
});

describe('compileSchema: ArrayTable', () => {
  const members = prop(compileSchema(rows('ArrayTable'), { locale: 'zh-CN' }), 'members');
  const columns = props(itemsOf(members));

  it('compiles to an ArrayTable with an index column, a column per field in x-order, and a remove column', () => {
    expect(members).toMatchObject({ type: 'array', 'x-component': 'ArrayTable', 'x-decorator': 'FormItem', title: '团队成员' });
    expect(Object.keys(columns)).toEqual(['kcIndex', 'name', 'phone', 'role', 'kcOperations']);
    for (const column of Object.values(columns)) expect(column).toMatchObject({ type: 'void', 'x-component': 'ArrayTable.Column' });
    expect(props(columns['kcIndex'])['index']?.['x-component']).toBe('ArrayTable.Index');
    expect(columns['kcIndex']?.['x-component-props']).toMatchObject({ title: '序号' });
    expect(props(columns['kcOperations'])['kcRemove']).toMatchObject({
      'x-component': 'ArrayTable.Remove',
      'x-component-props': { 'aria-label': '删除此行' },
    });
  });

  it('puts each item field, with its rules, inside its column; the header carries the label', () => {
    expect(columns['name']?.['x-component-props']).toMatchObject({ title: '姓名' });
    const name = prop(columns['name'], 'name');
    expect(name).toMatchObject({ type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input', required: true });
    expect(name.title).toBeUndefined();
    expect(name['x-component-props']).toMatchObject({ 'aria-label': '姓名', placeholder: '请输入姓名' });
    expect(prop(columns['phone'], 'phone').required).toBeUndefined();
    expect(prop(columns['role'], 'role').enum).toEqual([
      { label: '负责人', value: 'leader' },
      { label: '成员', value: 'member' },
    ]);
  });

  it('checks item fields with the shared messages', async () => {
    expect(await ruleErrors(prop(columns['name'], 'name'), '')).toEqual(['请输入']);
    expect(await ruleErrors(prop(columns['phone'], 'phone'), '12345678901')).toEqual(['请输入正确的手机号码']);
  });

  it('limits the row count with minItems and maxItems, and marks a required table by its asterisk and its own rule', async () => {
    // No rows is not filled in (ADR 0001, issue 17): the table says 请选择, as the server does for [] and absent.
    expect(await ruleErrors(members, [])).toEqual(['请选择']);
    expect(await ruleErrors(members, undefined)).toEqual(['请选择']);
    expect(await ruleErrors(members, [{}, {}, {}, {}])).toEqual(['最多只能有3项']);
    expect(await ruleErrors(members, [{}])).toEqual([]);
    // Formily's required rule would call [null] empty where pruneEmpty does not: the array's own rule judges it.
    expect(members.required).toBeUndefined();
    expect(members['x-decorator-props']).toMatchObject({ asterisk: true });
  });

  it('adds a 添加一行 Addition that a function reaction disables at maxItems', () => {
    const addition = prop(members, 'kcAddition');
    expect(addition).toMatchObject({ type: 'void', title: '添加一行', 'x-component': 'ArrayTable.Addition' });
    expect(typeof addition['x-reactions']).toBe('function');

    const form = createForm({ values: { members: [{}, {}] } });
    const array = form.createArrayField({ name: 'members' });
    const button = form.createVoidField({
      name: 'kcAddition',
      basePath: 'members',
      reactions: [addition['x-reactions'] as (f: unknown) => void],
    });
    expect(button.disabled).toBe(false);
    expect(button.title).toBe('添加一行');
    void array.push({});
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('最多只能有3项');
    void array.remove(0);
    expect(button.disabled).toBe(false);
    expect(button.title).toBe('添加一行');
  });

  it('uses en-US texts', () => {
    const en = prop(compileSchema(rows('ArrayTable'), { locale: 'en-US' }), 'members');
    expect(prop(en, 'kcAddition').title).toBe('Add a row');
    expect(props(itemsOf(en))['kcIndex']?.['x-component-props']).toMatchObject({ title: 'No.' });
  });
});

describe('compileSchema: ArrayCards', () => {
  const members = prop(compileSchema(rows('ArrayCards'), { locale: 'zh-CN' }), 'members');
  const items = props(itemsOf(members));

  it('compiles to a card per item with its index, its fields and a remove button, and an Addition', () => {
    expect(members).toMatchObject({ type: 'array', 'x-component': 'ArrayCards', title: '团队成员' });
    expect(Object.keys(items)).toEqual(['kcIndex', 'name', 'phone', 'role', 'kcRemove']);
    expect(items['kcIndex']?.['x-component']).toBe('ArrayCards.Index');
    expect(items['kcRemove']).toMatchObject({ 'x-component': 'ArrayCards.Remove', 'x-component-props': { 'aria-label': '删除此项' } });
    expect(items['name']).toMatchObject({ title: '姓名', required: true, 'x-decorator': 'FormItem' });
    expect(prop(members, 'kcAddition')).toMatchObject({ 'x-component': 'ArrayCards.Addition', title: '添加一项' });
  });

  it('refuses an ArrayTable or ArrayCards whose items are not objects', () => {
    const bad: JsonSchema = {
      type: 'object',
      properties: { tags: { type: 'array', 'x-component': 'ArrayCards', items: { type: 'string' } } },
    };
    expect(() => compileSchema(bad, { locale: 'zh-CN' })).toThrow(UnsupportedRuleError);
    expect(() => compileSchema(bad, { locale: 'zh-CN' })).toThrow(/"tags"/);
  });
});

describe('compileSchema: Upload', () => {
  const schema: JsonSchema = {
    type: 'object',
    required: ['license'],
    properties: {
      license: {
        type: 'array',
        title: '营业执照',
        minItems: 1,
        maxItems: 2,
        'x-component': 'Upload',
        'x-upload': { accept: ['pdf', 'jpg', 'png'], maxSize: 5242880 },
        items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
      },
    },
  };
  const license = prop(compileSchema(schema, { locale: 'zh-CN' }), 'license');

  it('passes x-upload and the file count to the widget as props, without a placeholder', () => {
    expect(license).toMatchObject({ type: 'array', 'x-component': 'Upload', 'x-decorator': 'FormItem', title: '营业执照' });
    expect(license['x-component-props']).toEqual({ accept: ['pdf', 'jpg', 'png'], maxSize: 5242880, maxCount: 2 });
  });

  it('checks the number of files with the shared messages', async () => {
    // No file is not filled in (ADR 0001, issue 17): 请选择, as the server says for [] and absent.
    expect(await ruleErrors(license, [])).toEqual(['请选择']);
    expect(await ruleErrors(license, [{}, {}, {}])).toEqual(['最多只能有2项']);
  });

  it('refuses an Upload field without x-upload', () => {
    const bad: JsonSchema = { type: 'object', properties: { f: { type: 'array', 'x-component': 'Upload', items: { type: 'string' } } } };
    expect(() => compileSchema(bad, { locale: 'zh-CN' })).toThrow(/x-upload/);
  });
});

import { createForm, isField, type Field, type Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { UnsupportedConditionError } from '../../../src/shared/schema/conditions';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const props = (schema: ISchema | undefined): Record<string, ISchema> => (schema?.properties ?? {}) as Record<string, ISchema>;

const project: JsonSchema = {
  type: 'object',
  required: ['registered'],
  properties: {
    registered: { type: 'boolean', title: '是否已注册企业', enum: [true, false], 'x-component': 'Radio.Group' },
    companyName: { type: 'string', title: '企业名称', maxLength: 100 },
    plan: { type: 'string', title: '注册计划' },
    stage: { type: 'string', title: '阶段', enum: ['idea', 'seed', 'growth'] },
    investor: { type: 'string', title: '投资方' },
  },
  if: { properties: { registered: { const: true } }, required: ['registered'] },
  then: { required: ['companyName'] },
  else: { properties: { plan: {} } },
  allOf: [{ if: { properties: { stage: { enum: ['seed', 'growth'] } }, required: ['stage'] }, then: { required: ['investor'] } }],
};

/** Creates the compiled fields in a bare Formily form, reactions included, as SchemaField would. */
function mount(compiled: ISchema, base = ''): Form {
  const form = createForm();
  const create = (schema: ISchema, prefix: string): void => {
    for (const [name, node] of Object.entries(props(schema))) {
      const reactions = node['x-reactions'] ? [node['x-reactions'] as (field: unknown) => void] : [];
      if (node.type === 'object') {
        form.createObjectField({ name, basePath: prefix, reactions });
        create(node, prefix ? `${prefix}.${name}` : name);
      } else {
        form.createField({ name, basePath: prefix, reactions, validator: node['x-validator'], required: node.required === true });
      }
    }
  };
  create(compiled, base);
  return form;
}

function field(form: Form, path: string): Field {
  const found = form.query(path).take();
  if (!found || !isField(found)) throw new Error(`no field ${path}`);
  return found;
}

describe('compileSchema: conditions from if/then/else', () => {
  const compiled = compileSchema(project, { locale: 'zh-CN' });

  it('gives conditional fields a function reaction, never a {{ }} expression, and leaves the others alone', () => {
    for (const name of ['companyName', 'plan', 'investor']) expect(typeof props(compiled)[name]?.['x-reactions'], name).toBe('function');
    for (const name of ['registered', 'stage']) expect(props(compiled)[name]?.['x-reactions'], name).toBeUndefined();
    expect(JSON.stringify(compiled)).not.toContain('{{');
    // A conditional field carries its required rule switched off, with the shared message ready.
    expect(props(compiled)['companyName']?.['x-validator']).toContainEqual({ required: false, message: '请输入' });
    expect(props(compiled)['companyName']?.required).toBeUndefined();
  });

  it('shows and requires a then-field only while its sibling holds the if, and hides the else-field', () => {
    const form = mount(compiled);
    const companyName = field(form, 'companyName');
    const plan = field(form, 'plan');
    expect(companyName.display).toBe('none');
    expect(plan.display).toBe('visible');

    field(form, 'registered').setValue(true);
    expect(companyName.display).toBe('visible');
    expect(companyName.required).toBe(true);
    expect(plan.display).toBe('none');

    companyName.setValue('澄源');
    field(form, 'registered').setValue(false);
    expect(companyName.display).toBe('none');
    expect(companyName.required).toBe(false);
    // Hidden means not submitted.
    expect(form.values).not.toHaveProperty('companyName');
  });

  it('supports enum comparisons and conditions inside allOf', () => {
    const form = mount(compiled);
    const investor = field(form, 'investor');
    expect(investor.display).toBe('none');
    field(form, 'stage').setValue('seed');
    expect(investor.display).toBe('visible');
    expect(investor.required).toBe(true);
    field(form, 'stage').setValue('idea');
    expect(investor.display).toBe('none');
  });

  it('reads siblings relative to the field, so conditions work inside nested objects (and array rows)', () => {
    const nested: JsonSchema = { type: 'object', properties: { org: project } };
    const form = mount(compileSchema(nested, { locale: 'zh-CN' }));
    const companyName = field(form, 'org.companyName');
    expect(companyName.display).toBe('none');
    field(form, 'org.registered').setValue(true);
    expect(companyName.display).toBe('visible');
  });

  it('compiles conditions inside ArrayTable rows', () => {
    const table: JsonSchema = { type: 'object', properties: { rows: { type: 'array', 'x-component': 'ArrayTable', items: project } } };
    const rows = props(compileSchema(table, { locale: 'zh-CN' }))['rows'] as ISchema;
    const column = props(rows.items as ISchema)['companyName'];
    expect(typeof props(column)['companyName']?.['x-reactions']).toBe('function');
  });

  it('throws for an if the engine cannot derive, instead of ignoring it', () => {
    const bad = (test: JsonSchema): JsonSchema => ({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      if: test,
      then: { required: ['b'] },
    });
    expect(() => compileSchema(bad({ properties: { a: { minLength: 3 } }, required: ['a'] }), { locale: 'zh-CN' })).toThrow(
      UnsupportedConditionError,
    );
    // Without `required` the if would hold for an absent field: refused too.
    expect(() => compileSchema(bad({ properties: { a: { const: 'x' } } }), { locale: 'zh-CN' })).toThrow(UnsupportedConditionError);
    expect(() => compileSchema(bad({ anyOf: [] }), { locale: 'zh-CN' })).toThrow(UnsupportedConditionError);
  });
});

import { createForm, isField, type Field, type Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { compareReaction } from '../../../src/client/engine/compare-reaction';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { buildFieldRules } from '../../../src/client/engine/field-rules';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { COMPARE_SCHEMA } from '../../fixtures/compare-schema';

type Reaction = (field: unknown) => void;

const props = (schema: ISchema | undefined): Record<string, ISchema> => (schema?.properties ?? {}) as Record<string, ISchema>;
const reactionsOf = (node: ISchema): Reaction[] => {
  const reactions = node['x-reactions'] as Reaction | Reaction[] | undefined;
  return reactions === undefined ? [] : Array.isArray(reactions) ? reactions : [reactions];
};

/** The compiled top-level leaves in a bare Formily form, rules and reactions included, as SchemaField would create them. */
function mount(values: Record<string, unknown> = {}): Form {
  const compiled = compileSchema(COMPARE_SCHEMA, { locale: 'zh-CN' });
  const form = createForm({ values });
  for (const [name, node] of Object.entries(props(compiled))) {
    if (node.type === 'array') continue;
    form.createField({ name, reactions: reactionsOf(node), validator: node['x-validator'] });
  }
  return form;
}

function field(form: Form, path: string): Field {
  const found = form.query(path).take();
  if (!found || !isField(found)) throw new Error(`no field ${path}`);
  return found;
}

/** The reaction validates in a microtask, and Formily's validation resolves after it. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('x-compare in the browser: the rule reacts to the other field', () => {
  it('judges the end date as the user types it, and again when the start date moves', async () => {
    const form = mount();
    const start = field(form, 'startDate');
    const end = field(form, 'endDate');
    await end.onInput('2025-03-01');
    expect(end.selfErrors).toEqual([]);

    await start.onInput('2025-03-02');
    await settle();
    expect(end.selfErrors).toEqual(['结束日期不得早于开始日期']);

    await start.onInput('2025-03-01');
    await settle();
    expect(end.selfErrors).toEqual([]);

    // Clearing the start date: the rule does not fire while a side is empty.
    await start.onInput('2025-04-01');
    await settle();
    expect(end.selfErrors).toHaveLength(1);
    await start.onInput(undefined);
    await settle();
    expect(end.selfErrors).toEqual([]);
  });

  it('leaves a field the user has not edited alone until submit, which judges it', async () => {
    const form = mount({ startDate: '2025-03-01', endDate: '2025-03-05', total: 100, subsidy: 80 });
    await field(form, 'startDate').onInput('2025-03-10');
    await field(form, 'total').onInput(50);
    await settle();
    expect(field(form, 'endDate').selfErrors).toEqual([]);
    expect(field(form, 'subsidy').selfErrors).toEqual([]);

    await expect(form.validate()).rejects.toBeDefined();
    expect(field(form, 'endDate').selfErrors).toEqual(['结束日期不得早于开始日期']);
    expect(field(form, 'subsidy').selfErrors).toEqual(['不能大于「总投资（万元）」']);
  });

  it('compares the fields of the same row of a table', async () => {
    const form = createForm({ values: { stages: [{ from: '2025-01-01', to: '2025-02-01' }, { from: '2025-03-01' }] } });
    form.createArrayField({ name: 'stages' });
    const row = (COMPARE_SCHEMA.properties?.['stages']?.items as JsonSchema).properties ?? {};
    const rules = buildFieldRules(row['to']!, { required: false, locale: 'zh-CN', fieldPath: 'stages.*.to', siblings: row });
    const rows = [0, 1].map((index) => ({
      from: form.createField({ name: 'from', basePath: `stages.${index}` }),
      to: form.createField({ name: 'to', basePath: `stages.${index}`, validator: rules, reactions: [compareReaction('from')] }),
    }));
    await rows[1]!.to.onInput('2025-02-15');
    expect(rows[1]!.to.selfErrors).toEqual(['应晚于「起」']);
    // Another row's start date is not this row's; and row 0's end date, which the user has not
    // edited, waits for submit.
    await rows[0]!.from.onInput('2025-02-20');
    await settle();
    expect(rows[1]!.to.selfErrors).toEqual(['应晚于「起」']);
    expect(rows[0]!.to.selfErrors).toEqual([]);
    await rows[1]!.from.onInput('2025-02-01');
    await settle();
    expect(rows[1]!.to.selfErrors).toEqual([]);
  });

  it('compiles to functions only: nothing for the browser to eval', () => {
    const compiled = compileSchema(COMPARE_SCHEMA, { locale: 'zh-CN' });
    expect(reactionsOf(props(compiled)['endDate']!).every((reaction) => typeof reaction === 'function')).toBe(true);
    expect(reactionsOf(props(compiled)['endDate']!)).toHaveLength(1);
    expect(props(compiled)['startDate']?.['x-reactions']).toBeUndefined();
    expect(JSON.stringify(compiled)).not.toContain('{{');
  });
});

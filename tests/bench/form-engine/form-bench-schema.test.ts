/**
 * The bench measures a real, valid form: the generated schema passes the checks an activity folder
 * gets (npm run schemas:check), the engine compiles it, the draft's values leave exactly the 20
 * required fields to complain about, and the hand conversion to raw Formily has the same fields.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { validateValues } from '../../../src/client/engine/validate-values';
import { checkActivityFolder } from '../../../src/shared/activity/check-activity-folder';
import { dictCodesOf } from '../../../src/shared/schema/collect-dict-codes';
import {
  BENCH_ACTIVITY_ID,
  BENCH_DICT_CODE,
  BENCH_STEP_KEY,
  generateBenchForm,
  REQUIRED_FIELDS,
  TABLE_FIELD,
  TABLE_ROWS,
} from './form-bench-schema';
import { toRawFormilySchema } from './raw-formily-schema';

const DICT = [{ label: '电子信息', value: '01' }];
const children = (schema: ISchema | undefined): Record<string, ISchema> => (schema?.properties ?? {}) as Record<string, ISchema>;

describe.each([300, 1000])('the bench form with %i fields', (n) => {
  const bench = generateBenchForm(n);

  it('is a valid activity step in our dialect, naming a dictionary that exists', () => {
    const manifest = {
      id: BENCH_ACTIVITY_ID,
      title: '基准',
      summary: '基准',
      window: { opensAt: '2026-01-01T00:00:00+08:00', closesAt: '2027-01-01T00:00:00+08:00' },
      steps: [{ key: BENCH_STEP_KEY, title: '长表单', schema: `${BENCH_STEP_KEY}.schema.json` }],
    };
    const files = new Map<string, unknown>([
      ['manifest.json', manifest],
      [`${BENCH_STEP_KEY}.schema.json`, bench.schema],
    ]);
    expect(checkActivityFolder(BENCH_ACTIVITY_ID, files)).toEqual([]);
    expect(dictCodesOf(bench.schema)).toEqual([BENCH_DICT_CODE]);
    expect(existsSync(resolve(import.meta.dirname, `../../../schemas/dicts/${BENCH_DICT_CODE}.json`))).toBe(true);
  });

  it('compiles with the engine into n fields and a table', () => {
    const compiled = compileSchema(bench.schema, { locale: 'zh-CN', dictOptions: { [BENCH_DICT_CODE]: DICT } });
    const fields = children(compiled);
    expect(Object.keys(fields)).toHaveLength(n + 1);
    expect(fields[TABLE_FIELD]?.['x-component']).toBe('ArrayTable');
    expect(Object.values(fields).filter((field) => field.required === true)).toHaveLength(REQUIRED_FIELDS);
    expect(bench.fieldCount).toBe(n + 1 + TABLE_ROWS * 5);
  });

  it('leaves exactly the required fields invalid in the draft, and types into an optional one past the middle', () => {
    const errors = validateValues(bench.schema, bench.initialValues, 'zh-CN');
    expect(errors.map((error) => [error.path, error.keyword])).toEqual(bench.requiredFields.map((name) => [name, 'required']));
    expect(bench.requiredFields).toHaveLength(REQUIRED_FIELDS);
    const typed = bench.fields.findIndex((field) => field.name === bench.typedField.name);
    expect(typed).toBeGreaterThanOrEqual(n / 2);
    expect(bench.typedField).toMatchObject({ kind: 'text', required: false });
  });

  it('converts to raw Formily with the same fields, rules and table', () => {
    const raw = toRawFormilySchema(bench.schema, { [BENCH_DICT_CODE]: DICT });
    const fields = children(raw);
    expect(Object.keys(fields)).toEqual(
      Object.keys(children(compileSchema(bench.schema, { locale: 'zh-CN', dictOptions: { [BENCH_DICT_CODE]: DICT } }))),
    );
    expect(
      Object.entries(fields)
        .filter(([, field]) => field.required === true)
        .map(([name]) => name),
    ).toEqual(bench.requiredFields);
    expect(fields[bench.typedField.name]).toMatchObject({ 'x-component': 'Input', 'x-decorator': 'FormItem', maxLength: 50 });
    const table = fields[TABLE_FIELD];
    expect(table).toMatchObject({ 'x-component': 'ArrayTable', 'x-component-props': { pagination: false } });
    const columns = children(table?.items as ISchema);
    expect(Object.keys(columns)).toHaveLength(5 + 2);
  });
});

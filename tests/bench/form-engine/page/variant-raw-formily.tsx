/**
 * Variant (c): raw Formily, no engine: @formily/antd-v5's widgets through createSchemaField over the
 * hand-converted schema, in the same vertical FormLayout the engine uses, submitted with form.submit().
 * Its dictionary options are imported with the page (a raw Formily page would hard-code or fetch them;
 * the engine variants fetch them, answered by the bench).
 */
import { ArrayTable, DatePicker, FormItem, FormLayout, Input, NumberPicker, Select, Switch } from '@formily/antd-v5';
import { createForm, setValidateLanguage } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { Button } from 'antd';
import { useMemo } from 'react';
import techField from '../../../../schemas/dicts/tech_field.json';
import { BENCH_DICT_CODE, type BenchForm } from '../form-bench-schema';
import { toRawFormilySchema, type RawDictOptions } from '../raw-formily-schema';

// STACK trap 5: Formily's own messages otherwise follow the browser's language.
setValidateLanguage('zh-CN');

const SchemaField = createSchemaField({ components: { FormItem, Input, Select, NumberPicker, DatePicker, Switch, ArrayTable } });
const DICTS: RawDictOptions = { [BENCH_DICT_CODE]: techField.items.map((item) => ({ label: item.dictValue, value: item.dictKey })) };

export function BenchVariant({ bench }: { bench: BenchForm }) {
  const form = useMemo(() => createForm({ initialValues: structuredClone(bench.initialValues) }), [bench]);
  const schema = useMemo(() => toRawFormilySchema(bench.schema, DICTS), [bench]);
  return (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaField schema={schema} />
      </FormLayout>
      <Button type="primary" className="bench-submit" onClick={() => void form.submit().catch(() => undefined)}>
        提交
      </Button>
    </FormProvider>
  );
}

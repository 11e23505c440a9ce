/** Variant (a): the engine's SchemaForm on a createForm(), submitted through submitSchemaForm, as pages do (match-form-page.tsx). */
import { createForm } from '@formily/core';
import { Button } from 'antd';
import { useMemo } from 'react';
import { SchemaErrorBoundary } from '../../../../src/client/engine/schema-error-boundary';
import { SchemaForm } from '../../../../src/client/engine/schema-form';
import { submitSchemaForm } from '../../../../src/client/engine/submit-pipeline';
import type { BenchForm } from '../form-bench-schema';

export function BenchVariant({ bench }: { bench: BenchForm }) {
  const form = useMemo(() => createForm({ initialValues: structuredClone(bench.initialValues) }), [bench]);
  return (
    <SchemaErrorBoundary title="表单加载失败">
      <SchemaForm form={form} schema={bench.schema} />
      <Button type="primary" className="bench-submit" onClick={() => void submitSchemaForm(form, async () => ({}))}>
        提交
      </Button>
    </SchemaErrorBoundary>
  );
}

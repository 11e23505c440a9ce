import type { Form } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { createSchemaField, FormProvider } from '@formily/react';
import { Spin } from 'antd';
import { useMemo } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { useLocale } from '../i18n/locale-store';
import { compileSchema } from './compile-schema';
import { componentRegistry } from './component-registry';
import { useDictionaries } from './use-dictionaries';

const SchemaField = createSchemaField({ components: componentRegistry });

export interface SchemaFormProps {
  form: Form;
  /** The canonical schema (draft-07 + x-*), as fetched from the server or imported. */
  schema: JsonSchema;
  locale?: Locale;
  layout?: 'vertical' | 'horizontal';
  /** Where a Captcha field's image comes from; required when the schema has one. */
  captchaEndpoint?: string;
}

/**
 * Renders any canonical form schema: loads its dictionaries, compiles it (throwing on anything
 * it cannot render, for the nearest error boundary to show) and renders the fields. Submitting
 * goes through submitSchemaForm, so every form validates and reports errors the same way.
 */
export function SchemaForm({ form, schema, locale, layout = 'vertical', captchaEndpoint }: SchemaFormProps) {
  const currentLocale = useLocale();
  const effectiveLocale = locale ?? currentLocale;
  const dictOptions = useDictionaries(schema, effectiveLocale);
  const compiled = useMemo(
    () => (dictOptions ? compileSchema(schema, { locale: effectiveLocale, dictOptions, ...(captchaEndpoint ? { captchaEndpoint } : {}) }) : undefined),
    [schema, effectiveLocale, dictOptions, captchaEndpoint],
  );
  if (!compiled) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <FormProvider form={form}>
      <FormLayout layout={layout}>
        <SchemaField schema={compiled} />
      </FormLayout>
    </FormProvider>
  );
}

import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { useLocale } from '../i18n/locale-store';
import { SchemaFields } from './schema-fields';

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
 * Renders any canonical form schema into its own form. Submitting goes through submitSchemaForm, so
 * every form validates and reports errors the same way.
 */
export function SchemaForm({ form, schema, locale, layout = 'vertical', captchaEndpoint }: SchemaFormProps) {
  const currentLocale = useLocale();
  return (
    <FormProvider form={form}>
      <SchemaFields schema={schema} locale={locale ?? currentLocale} layout={layout} captchaEndpoint={captchaEndpoint} />
    </FormProvider>
  );
}

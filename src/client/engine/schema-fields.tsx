import { FormLayout } from '@formily/antd-v5';
import { createSchemaField, type ISchema } from '@formily/react';
import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { compileSchema } from './compile-schema';
import { componentRegistry } from './component-registry';
import { useDictionaries } from './use-dictionaries';
import { setUpEngine } from './engine-setup';
import { getLocale } from '../i18n/locale-store';

// The engine sets itself up where it renders, not at the app's start: pages without a form (the
// home page) then load no Formily at all (issue 12's budget).
setUpEngine(getLocale());

const SchemaField = createSchemaField({ components: componentRegistry });

export interface SchemaFieldsProps {
  /** The canonical schema (draft-07 + x-*). */
  schema: JsonSchema;
  locale: Locale;
  layout?: 'vertical' | 'horizontal';
  /** Where a Captcha field's image comes from; required when the schema has one. */
  captchaEndpoint?: string | undefined;
  /** Adjusts the compiled Formily schema before it renders (a step nests it under its key). Keep it stable (useCallback). */
  transform?: ((compiled: ISchema) => ISchema) | undefined;
  /** Called once the fields exist in the form (Formily creates them while rendering). */
  onReady?: (() => void) | undefined;
}

/**
 * The one field shell of every schema form (SchemaForm, the record form, each step of an
 * application): loads the schema's dictionaries, compiles it (throwing on anything it cannot render,
 * for the nearest error boundary) and renders the fields inside the FormProvider above it.
 */
export function SchemaFields({ schema, locale, layout = 'vertical', captchaEndpoint, transform, onReady }: SchemaFieldsProps) {
  // A language switch re-renders the form: Formily's own messages follow it.
  setUpEngine(locale);
  const dictOptions = useDictionaries(schema, locale);
  const compiled = useMemo((): ISchema | undefined => {
    if (!dictOptions) return undefined;
    const plain = compileSchema(schema, { locale, dictOptions, ...(captchaEndpoint ? { captchaEndpoint } : {}) });
    return transform ? transform(plain) : plain;
  }, [schema, locale, dictOptions, captchaEndpoint, transform]);

  useEffect(() => {
    if (compiled) onReady?.();
  }, [compiled, onReady]);

  if (!compiled) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <FormLayout layout={layout}>
      <SchemaField schema={compiled} />
    </FormLayout>
  );
}

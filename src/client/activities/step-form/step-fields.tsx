import { FormLayout } from '@formily/antd-v5';
import { createSchemaField, type ISchema } from '@formily/react';
import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import type { Locale } from '../../../shared/i18n/locale';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { textsFor } from '../../i18n/texts';
import { compileSchema } from '../../engine/compile-schema';
import { componentRegistry } from '../../engine/component-registry';
import { withUniqueChecks, type UniqueCheck } from './step-unique-check';
import { UploadTargetContext } from '../../engine/upload-target-context';
import { useDictionaries } from '../../engine/use-dictionaries';

const SchemaField = createSchemaField({ components: componentRegistry });

export interface StepFieldsProps {
  activityId: string;
  stepKey: string;
  /** The step's canonical schema, as the activity detail carries it. */
  schema: JsonSchema;
  locale: Locale;
  /** termNameExists for the step's x-unique fields; none in a read-only view. */
  uniqueCheck?: UniqueCheck | undefined;
  /** Called once the step's fields exist in the form, so errors can be put on them. */
  onReady?: (() => void) | undefined;
}

/**
 * One step of an application, rendered inside the application's form (a FormProvider above) under
 * the step's key: the form holds `{[stepKey]: stepValues}`, so every step keeps its values while
 * another is shown, and a step's Upload fields know where their files belong.
 */
export function StepFields({ activityId, stepKey, schema, locale, uniqueCheck, onReady }: StepFieldsProps) {
  const dictOptions = useDictionaries(schema, locale);
  const compiled = useMemo((): ISchema | undefined => {
    if (!dictOptions) return undefined;
    const { title: _title, ...step } = compileSchema(schema, { locale, dictOptions });
    const checked = uniqueCheck ? withUniqueChecks(step, schema, uniqueCheck, textsFor(locale).nameExists) : step;
    return { type: 'object', properties: { [stepKey]: { ...checked, type: 'object' } } };
  }, [schema, locale, dictOptions, stepKey, uniqueCheck]);
  // The form's paths start with the step key; the server wants paths inside the step.
  const uploadTarget = useMemo(() => ({ activityId, step: stepKey, pathPrefix: stepKey }), [activityId, stepKey]);

  useEffect(() => {
    // Formily creates the fields while rendering, so they exist once this effect runs.
    if (compiled) onReady?.();
  }, [compiled, onReady]);

  if (!compiled) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <UploadTargetContext.Provider value={uploadTarget}>
      <FormLayout layout="vertical">
        <SchemaField schema={compiled} />
      </FormLayout>
    </UploadTargetContext.Provider>
  );
}

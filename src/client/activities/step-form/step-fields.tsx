import type { ISchema } from '@formily/react';
import { useCallback, useMemo } from 'react';
import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { SchemaFields } from '../../engine/schema-fields';
import { UploadTargetContext, type UploadTarget } from '../../engine/upload-target-context';
import { withUniqueChecks, type UniqueCheck } from './step-unique-check';

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
  const nest = useCallback(
    (compiled: ISchema): ISchema => {
      const { title: _title, ...step } = compiled;
      // The server's words for a taken name, so the on-blur check says exactly what submit would.
      const checked = uniqueCheck ? withUniqueChecks(step, schema, uniqueCheck, validationMessage('unique', {}, undefined, locale)) : step;
      return { type: 'object', properties: { [stepKey]: { ...checked, type: 'object' } } };
    },
    [schema, locale, stepKey, uniqueCheck],
  );
  // The form's paths start with the step key; the server wants paths inside the step.
  const uploadTarget = useMemo<UploadTarget>(
    () => ({ ownerKind: 'activity', ownerId: activityId, step: stepKey, pathPrefix: stepKey }),
    [activityId, stepKey],
  );
  return (
    <UploadTargetContext.Provider value={uploadTarget}>
      <SchemaFields schema={schema} locale={locale} transform={nest} onReady={onReady} />
    </UploadTargetContext.Provider>
  );
}

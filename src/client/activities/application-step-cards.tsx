import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Card } from 'antd';
import { useMemo } from 'react';
import type { ActivityDetail, ApplicationView } from '../../shared/generated';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { SchemaErrorBoundary } from '../engine/schema-error-boundary';
import { StepFields } from '../activities/step-form/step-fields';
import { textsFor } from '../i18n/texts';
import { localizedStepTitle } from './localized-activity';

/**
 * Every step of an application, read-only, one card each: the applicant's view and the reviewer's
 * detail show the same thing.
 */
export function ApplicationStepCards({
  activity,
  application,
  locale,
}: {
  activity: ActivityDetail;
  application: ApplicationView;
  locale: Locale;
}) {
  const texts = textsFor(locale);
  // One read-only form for every step, holding `{[stepKey]: stepValues}` as the step form does.
  const form = useMemo(() => createForm({ initialValues: application.data, readPretty: true }), [application]);
  return (
    <FormProvider form={form}>
      {activity.steps.map((step) => (
        <Card key={step.key} title={localizedStepTitle(step, locale)} className="kc-application-step">
          <SchemaErrorBoundary title={texts.formLoadFailed}>
            <StepFields activityId={activity.id} stepKey={step.key} schema={step.schema as JsonSchema} locale={locale} />
          </SchemaErrorBoundary>
        </Card>
      ))}
    </FormProvider>
  );
}

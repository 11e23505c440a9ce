import { createForm } from '@formily/core';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchFormSchema } from '../../api/schema-api';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { SchemaErrorBoundary } from '../schema-error-boundary';
import { SchemaForm } from '../schema-form';
import { submitSchemaForm } from '../submit-pipeline';
import { Loaded } from './loaded';
import { matchAnswers, storeMatch } from './matching-api';
import { EnginePageFrame, type EnginePageEntry } from '../engine-page-frame';
import { matchingTextsFor } from './matching-texts';

/**
 * A questionnaire page (page match): the folder's matching form, rendered by the engine and checked
 * by the same rules on both sides; the answers and the result open on its result page, kept for the tab.
 */
export function MatchFormPage({ page, resource }: { page: EnginePageEntry; resource: string }) {
  const texts = matchingTextsFor(useLocale());
  const navigate = useNavigate();
  const form = useMemo(() => createForm(), []);
  const questionnaire = page.questionnaire ?? '';
  const schema = useLoad(() => fetchFormSchema(questionnaire), questionnaire);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (): Promise<void> => {
    setSubmitting(true);
    try {
      let answers: Record<string, unknown> = {};
      const outcome = await submitSchemaForm(form, (values) => {
        answers = values;
        return matchAnswers(resource, values);
      });
      if (outcome.status === 'succeeded') {
        storeMatch(resource, { answers, result: outcome.result });
        if (page.result) void navigate(page.result);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <EnginePageFrame page={page}>
      <Card>
        <Loaded load={schema} texts={texts}>
          {(value) => (
            <SchemaErrorBoundary title={texts.loadFailed}>
              <SchemaForm form={form} schema={value} />
              <Button type="primary" loading={submitting} onClick={() => void submit()}>
                {texts.submit}
              </Button>
            </SchemaErrorBoundary>
          )}
        </Loaded>
      </Card>
    </EnginePageFrame>
  );
}

import { createForm } from '@formily/core';
import { Alert, Button, Card, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { fetchFormSchema } from '../../api/schema-api';
import { SchemaErrorBoundary } from '../../engine/schema-error-boundary';
import { SchemaForm } from '../../engine/schema-form';
import { submitSchemaForm } from '../../engine/submit-pipeline';
import { useLocale } from '../../i18n/locale-store';
import { evaluateSelfTest, FIND_PROXY, storeSelfTest } from '../../policy-proxy/policy-proxy-api';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import '../../policy-proxy/policy-proxy.css';

/**
 * /home/findproxy/self-test: the questionnaire is schemas/forms/self-test.schema.json, rendered by
 * the engine and checked by the same rules on both sides; the result opens in self-assessment.
 */
export default function SelfTestPage() {
  const texts = policyProxyTextsFor(useLocale());
  useProxyTitle(texts.selfTest);
  const navigate = useNavigate();
  const form = useMemo(() => createForm(), []);
  const [schema, setSchema] = useState<JsonSchema>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let active = true;
    setFailed(false);
    fetchFormSchema('self-test').then(
      (loaded) => active && setSchema(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const submit = async (): Promise<void> => {
    setSubmitting(true);
    try {
      let answers: Record<string, unknown> = {};
      const outcome = await submitSchemaForm(form, (values) => {
        answers = values;
        return evaluateSelfTest(values);
      });
      if (outcome.status === 'succeeded') {
        storeSelfTest({ answers, result: outcome.result });
        void navigate(`${FIND_PROXY}/self-assessment`);
      }
    } finally {
      setSubmitting(false);
    }
  };

  let body;
  if (failed) body = <Alert type="error" showIcon message={texts.loadFailed} action={<Button size="small" onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>} />;
  else if (!schema) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else
    body = (
      <SchemaErrorBoundary title={texts.loadFailed}>
        <SchemaForm form={form} schema={schema} />
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {texts.submitSelfTest}
        </Button>
      </SchemaErrorBoundary>
    );
  return (
    <div className="kc-portal kc-proxy">
      <h2>{texts.selfTest}</h2>
      <p className="kc-proxy-intro">{texts.selfTestIntro}</p>
      <Card>{body}</Card>
    </div>
  );
}

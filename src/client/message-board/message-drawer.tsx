import { createForm } from '@formily/core';
import { Alert, Button, Drawer, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { MessageForm } from '../../shared/generated/message-form';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { createMessage } from '../api/message-api';
import { fetchFormSchema } from '../api/schema-api';
import { SchemaErrorBoundary } from '../engine/schema-error-boundary';
import { SchemaForm } from '../engine/schema-form';
import { submitSchemaForm } from '../engine/submit-pipeline';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

export interface MessageDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The '在线留言' drawer. Each opening fetches the form schema (so an edited schema shows after a
 * server restart, with no rebuild) and starts a fresh form, whose captcha fetches a new image.
 */
export default function MessageDrawer({ open, onClose }: MessageDrawerProps) {
  const texts = textsFor(useLocale());
  const isMobile = useIsMobile();
  const [opening, setOpening] = useState(0);
  const [schema, setSchema] = useState<JsonSchema>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // `opening` changes on every open, so each one gets an empty form.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  const form = useMemo(() => createForm(), [opening]);

  useEffect(() => {
    if (!open) return;
    setOpening((n) => n + 1);
    setSchema(undefined);
    setLoadFailed(false);
    let active = true;
    fetchFormSchema('message').then(
      (loaded) => active && setSchema(loaded),
      // The HTTP client has shown the reason; the drawer says the form is unavailable.
      () => active && setLoadFailed(true),
    );
    return () => {
      active = false;
    };
  }, [open]);

  const close = (): void => {
    void form.reset();
    onClose();
  };

  const submit = async (): Promise<void> => {
    setSubmitting(true);
    try {
      // The pipeline has checked the values against the schema the type is generated from.
      const outcome = await submitSchemaForm(form, (values) => createMessage(values as unknown as MessageForm), {
        successText: texts.messageSubmitted,
      });
      if (outcome.status === 'succeeded') close();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Drawer
      title={texts.messageBoard}
      open={open}
      onClose={close}
      width={isMobile ? '100%' : 520}
      destroyOnHidden
      rootClassName="kc-message-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>{texts.cancel}</Button>
          <Button type="primary" loading={submitting} disabled={!schema} onClick={() => void submit()}>
            {texts.submit}
          </Button>
        </Space>
      }
    >
      {loadFailed ? (
        <Alert type="error" showIcon message={texts.formLoadFailed} />
      ) : schema ? (
        <SchemaErrorBoundary title={texts.formLoadFailed}>
          <SchemaForm key={opening} form={form} schema={schema} captchaEndpoint={ENDPOINTS.messageCaptcha} />
        </SchemaErrorBoundary>
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Drawer>
  );
}

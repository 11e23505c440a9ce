import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import type { SendSmsRequest } from '../../shared/generated/send-sms-request';
import { ApiError } from '../api/api-error';
import { useLocale } from '../i18n/locale-store';
import { sendSmsCode } from './passport-api';
import { smsCodeRules } from './password-rules';
import { usePassportTexts } from './passport-texts';
import { useCountdown } from './use-countdown';
import { useFeedback } from '../feedback/use-feedback';

/** The server's wait on a 429, from its envelope's data.retryAfterSeconds. */
function retryAfter(failure: unknown): number | undefined {
  return failure instanceof ApiError && failure.status === 429 ? 60 : undefined;
}

/**
 * The SMS code with its send button (spec §5 "verification code required"): the button checks the
 * phone field first, then waits 60 s (the server's resend interval) before it may send again.
 */
export function SmsCodeField({ purpose, phoneField = 'phone' }: { purpose: SendSmsRequest['purpose']; phoneField?: string }) {
  const texts = usePassportTexts();
  const locale = useLocale();
  const form = Form.useFormInstance();
  const { message } = useFeedback();
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async (): Promise<void> => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    const phone: unknown = form.getFieldValue(phoneField);
    if (typeof phone !== 'string') return;
    setSending(true);
    try {
      startCountdown(await sendSmsCode({ phone, purpose }));
      void message.success(texts.smsSent);
    } catch (failure) {
      const wait = retryAfter(failure);
      if (wait) startCountdown(wait);
      void message.error(failure instanceof ApiError ? failure.message : texts.smsCodeRequired);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={texts.smsCode} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="smsCode" noStyle rules={smsCodeRules(locale)}>
          <Input
            id="smsCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={texts.smsCode}
            aria-label={texts.smsCode}
          />
        </Form.Item>
        <Button onClick={() => void send()} disabled={left > 0} loading={sending} className="kc-send-sms">
          {left > 0 ? texts.resendIn(left) : texts.getSmsCode}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

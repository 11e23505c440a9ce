import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../api/api-error';
import { sendSecondFactorSms, verifySecondFactor, type SecondFactorChallenge } from './second-factor-api';
import { useSecondFactorTexts } from './second-factor-texts';
import { useCountdown } from './use-countdown';

// The QR code's library loads only for someone who enrols, never with the login page.
const TotpEnrolment = lazy(() => import('./totp-enrolment'));

type Mode = 'totp' | 'recovery' | 'sms' | 'enrol';

const FIELD: Record<Exclude<Mode, 'enrol'>, 'totpCode' | 'recoveryCode' | 'smsCode'> = {
  totp: 'totpCode',
  recovery: 'recoveryCode',
  sms: 'smsCode',
};

/**
 * A login's second step (SECURITY R06, ADR 0067), in place of the password form: the authenticator's code,
 * or a recovery code, or (a role that allows it, with no authenticator yet) an SMS code; an account with no
 * authenticator enrols one here. `onDone` gets the full session's token; `onCancel` goes back to the password.
 */
export function SecondFactorStep({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: SecondFactorChallenge;
  onDone: (token: string) => Promise<void>;
  onCancel: () => void;
}) {
  const texts = useSecondFactorTexts();
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>(challenge.enrolled ? 'totp' : 'enrol');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [wait, startWait] = useCountdown();

  const switchTo = (next: Mode): void => {
    setError(undefined);
    form.resetFields();
    setMode(next);
  };

  const sendSms = async (): Promise<void> => {
    setError(undefined);
    try {
      const sent = await sendSecondFactorSms(challenge.token);
      setSentTo(sent.phone);
      startWait(sent.resendAfterSeconds);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.failed);
    }
  };

  const onFinish = async ({ code }: { code: string }): Promise<void> => {
    if (mode === 'enrol') return;
    setSubmitting(true);
    setError(undefined);
    try {
      await onDone(await verifySecondFactor(challenge.token, { method: mode, code: code.trim() }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.failed);
      form.resetFields();
    } finally {
      setSubmitting(false);
    }
  };

  const smsSwitch = challenge.smsAllowed && mode !== 'sms' && (
    <Button type="link" onClick={() => switchTo('sms')} className="kc-mfa-use-sms">
      {texts.useSms}
    </Button>
  );

  if (mode === 'enrol')
    return (
      <div className="kc-second-factor">
        <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
          <TotpEnrolment
            token={challenge.token}
            onDone={(session) => {
              if (session) void onDone(session);
            }}
          />
        </Suspense>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
          {smsSwitch}
          <Button type="link" onClick={onCancel}>
            {texts.backToLogin}
          </Button>
        </Space>
      </div>
    );

  const field = FIELD[mode];
  return (
    <div className="kc-second-factor">
      <Typography.Title level={5}>{texts.stepTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{mode === 'recovery' ? texts.recoveryHint : texts.stepHint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} className="kc-mfa-error" />}
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} key={mode}>
        {mode === 'sms' && (
          <Form.Item>
            <Button onClick={() => void sendSms()} disabled={wait > 0} block>
              {wait > 0 ? texts.resendIn(wait) : texts.sendSms}
            </Button>
            {sentTo && <Typography.Text type="secondary">{texts.smsSentTo(sentTo)}</Typography.Text>}
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={texts[field]}
          rules={[
            {
              required: true,
              message: mode === 'recovery' ? texts.recoveryCodeRequired : mode === 'sms' ? texts.smsCodeRequired : texts.totpCodeRequired,
            },
            ...(mode === 'recovery' ? [] : [{ pattern: /^\s*\d{6}\s*$/, message: texts.totpCodeFormat }]),
          ]}
        >
          <Input
            autoFocus
            inputMode={mode === 'recovery' ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={mode === 'recovery' ? 24 : 8}
            placeholder={mode === 'recovery' ? 'XXXX-XXXX-XXXX-XXXX' : '123456'}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {texts.verify}
        </Button>
      </Form>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        {challenge.enrolled && mode === 'totp' && (
          <Button type="link" onClick={() => switchTo('recovery')} className="kc-mfa-use-recovery">
            {texts.useRecoveryCode}
          </Button>
        )}
        {challenge.enrolled && mode === 'recovery' && (
          <Button type="link" onClick={() => switchTo('totp')}>
            {texts.useAuthenticator}
          </Button>
        )}
        {!challenge.enrolled && mode === 'sms' && (
          <Button type="link" onClick={() => switchTo('enrol')}>
            {texts.enrolTitle}
          </Button>
        )}
        {smsSwitch}
        <Button type="link" onClick={onCancel}>
          {texts.backToLogin}
        </Button>
      </Space>
    </div>
  );
}

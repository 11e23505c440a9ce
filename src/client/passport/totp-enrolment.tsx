import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { confirmTotpEnrolment, startTotpEnrolment } from './second-factor-api';
import { useSecondFactorTexts } from './second-factor-texts';

/** The secret in groups of four, as an authenticator app's "enter a key" screen is easiest typed from. */
const grouped = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrols an authenticator (SECURITY R06, ADR 0067): the QR code of the otpauth:// address, drawn in the
 * browser, and the key as text; the first code confirms it; then the recovery codes, once. `token` is the
 * login's restricted token (the second step of a login), or none from account settings. `onDone` gets the
 * full session's token when it was a login.
 */
export default function TotpEnrolment({ token, onDone }: { token?: string; onDone: (session: string | undefined) => void }) {
  const texts = useSecondFactorTexts();
  const [form] = Form.useForm<{ code: string }>();
  const [enrolment, setEnrolment] = useState<{ secret: string; image: string }>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState<{ recoveryCodes: string[]; token?: string }>();

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const { secret, uri } = await startTotpEnrolment(token);
        const image = await QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
        if (active) setEnrolment({ secret, image });
      } catch (failure) {
        if (active) setError(failure instanceof ApiError ? failure.message : texts.enrolFailed);
      }
    })();
    return () => {
      active = false;
    };
  }, [token, texts.enrolFailed]);

  const onFinish = async ({ code }: { code: string }): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      setConfirmed(await confirmTotpEnrolment(code.trim(), token));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.enrolFailed);
      form.resetFields();
    } finally {
      setSubmitting(false);
    }
  };

  if (confirmed) return <RecoveryCodesPanel codes={confirmed.recoveryCodes} onContinue={() => onDone(confirmed.token)} />;
  return (
    <div className="kc-totp-enrolment">
      <Typography.Title level={5}>{texts.enrolTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{texts.enrolHint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} className="kc-mfa-error" />}
      {enrolment ? (
        <>
          <div style={{ textAlign: 'center', marginBottom: 12 }}>
            <img src={enrolment.image} width={200} height={200} alt={texts.qrAlt} />
          </div>
          <Typography.Paragraph>
            {texts.secret}：
            <Typography.Text code copyable={{ text: enrolment.secret }} className="kc-totp-secret">
              {grouped(enrolment.secret)}
            </Typography.Text>
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
            <Form.Item
              name="code"
              label={texts.totpCode}
              rules={[
                { required: true, message: texts.totpCodeRequired },
                { pattern: /^\s*\d{6}\s*$/, message: texts.totpCodeFormat },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder="123456" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {texts.confirm}
            </Button>
          </Form>
        </>
      ) : (
        !error && <Spin style={{ display: 'block', margin: '24px auto' }} />
      )}
    </div>
  );
}

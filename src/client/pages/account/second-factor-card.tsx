import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { useFeedback } from '../../feedback/use-feedback';
import { formatDateTime } from '../../i18n/format-date-time';
import { fetchSecondFactorStatus, resetTotpEnrolment, type SecondFactorStatus } from '../../passport/second-factor-api';
import { useSecondFactorTexts } from '../../passport/second-factor-texts';

/**
 * Account settings' 两步验证 (SECURITY R06, ADR 0067), for a role that needs it: when the authenticator was
 * set up (Beijing time), the recovery codes left, and its removal with a current code or a recovery code,
 * which leads on to a new enrolment.
 */
export function SecondFactorCard() {
  const texts = useSecondFactorTexts();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const [status, setStatus] = useState<SecondFactorStatus>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(async () => setStatus(await fetchSecondFactorStatus().catch(() => undefined)), []);
  useEffect(() => void load(), [load]);

  if (!status?.required) return null;

  const onFinish = async ({ code }: { code: string }): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      void message.success((await resetTotpEnrolment(code.trim())) ?? texts.statusNotEnrolled);
      void navigate('/account/mfa');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.failed);
      form.resetFields();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={texts.pageTitle} className="kc-second-factor-card">
      <Descriptions
        column={1}
        items={[
          { key: 'status', label: texts.pageTitle, children: status.enrolled ? texts.statusEnrolled : texts.statusNotEnrolled },
          ...(status.enrolled
            ? [
                { key: 'at', label: texts.enrolledAt, children: formatDateTime(status.enrolledAt) },
                { key: 'left', label: texts.recoveryLeft, children: String(status.recoveryCodesLeft) },
              ]
            : []),
        ]}
      />
      {status.enrolled ? (
        <Space direction="vertical" style={{ width: '100%', maxWidth: 400, marginTop: 16 }}>
          <Typography.Text strong>{texts.resetTitle}</Typography.Text>
          <Typography.Text type="secondary">{texts.resetHint}</Typography.Text>
          {error && <Alert type="error" showIcon message={error} className="kc-mfa-error" />}
          <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
            <Form.Item name="code" label={texts.resetCode} rules={[{ required: true, message: texts.totpCodeRequired }]}>
              <Input autoComplete="one-time-code" maxLength={24} />
            </Form.Item>
            <Button htmlType="submit" loading={submitting} danger>
              {texts.reset}
            </Button>
          </Form>
        </Space>
      ) : (
        <Link to="/account/mfa">{texts.enrolNow}</Link>
      )}
    </Card>
  );
}

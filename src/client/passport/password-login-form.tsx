import { Alert, Button, Form, Input, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/api-error';
import { fetchLoginCaptcha, type LoginCaptcha } from './passport-api';
import { usePassportTexts } from './passport-texts';

export interface LoginCredentials {
  username: string;
  password: string;
  captchaId?: string;
  captcha?: string;
}

interface FormValues {
  username: string;
  password: string;
  captcha?: string;
}

// The server asks for the graphic captcha from the third failure on, and checks it whenever sent (ADR 0005).
const CAPTCHA_REASONS = new Set(['captchaRequired', 'captchaInvalid', 'captchaExpired']);

/**
 * Username and password, plus the graphic captcha once the server asks for it. `submit` does the
 * call; a refusal shows the server's own message (spec §8: the login failure data is passed on).
 */
export function PasswordLoginForm({
  submit,
  submitText,
  footer,
}: {
  submit: (credentials: LoginCredentials) => Promise<void>;
  submitText: string;
  footer?: ReactNode;
}) {
  const texts = usePassportTexts();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<LoginCaptcha>();

  const loadCaptcha = async (): Promise<void> => {
    form.setFieldValue('captcha', undefined);
    setCaptcha(await fetchLoginCaptcha().catch(() => undefined));
  };

  const onFinish = async ({ username, password, captcha: answer }: FormValues): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      await submit({ username, password, ...(captcha && answer ? { captchaId: captcha.captchaId, captcha: answer } : {}) });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.loginFailed);
      // A captcha works once: a shown one is replaced after every refusal.
      if (captcha || (failure instanceof ApiError && failure.reason && CAPTCHA_REASONS.has(failure.reason))) await loadCaptcha();
    } finally {
      // Also after a success: the page may stay while the user chooses a unit (issue 31), and a button left
      // spinning behind that dialog would say the login is still running.
      setSubmitting(false);
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} className="kc-login-error" />}
      <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void onFinish(values)} autoComplete="on">
        <Form.Item name="username" label={texts.username} rules={[{ required: true, message: texts.usernameRequired }]}>
          <Input autoComplete="username" placeholder={texts.username} />
        </Form.Item>
        <Form.Item name="password" label={texts.password} rules={[{ required: true, message: texts.passwordRequired }]}>
          <Input.Password autoComplete="current-password" placeholder={texts.password} />
        </Form.Item>
        {captcha && (
          <Form.Item label={texts.captcha} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, message: texts.captchaRequired }]}>
                <Input id="captcha" autoComplete="off" placeholder={texts.captcha} aria-label={texts.captcha} />
              </Form.Item>
              <img
                src={captcha.image}
                alt={texts.captchaAlt}
                title={texts.captchaRefresh}
                height={32}
                style={{ cursor: 'pointer', border: '1px solid #d9d9d9' }}
                onClick={() => void loadCaptcha()}
              />
            </Space.Compact>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {submitText}
        </Button>
        {footer}
      </Form>
    </>
  );
}

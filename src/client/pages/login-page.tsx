import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { login } from '../api/auth-api';
import { ApiError } from '../api/api-error';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { LanguageSwitch } from '../layout/language-switch';
import { safeRedirect } from '../session/safe-redirect';
import { startSession, useToken } from '../session/session-store';

interface Credentials {
  username: string;
  password: string;
}

/** /user/login: password login; an already logged-in visitor goes to / (spec §2). */
export default function LoginPage() {
  const texts = textsFor(useLocale());
  const token = useToken();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // Set on success, so the redirect target wins over the "already logged in → /" rule.
  const [target, setTarget] = useState<string>();

  if (target) return <Navigate to={target} replace />;
  if (token) return <Navigate to="/" replace />;

  const onFinish = async ({ username, password }: Credentials): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      const newToken = await login(username, password);
      setTarget(safeRedirect(params.get('redirect')));
      startSession(newToken);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : texts.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Layout.Content style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '10vh 16px 24px' }}>
        <div style={{ alignSelf: 'flex-end' }}>
          <LanguageSwitch />
        </div>
        <Typography.Title level={2} style={{ marginBottom: 32 }}>
          {texts.portalName}
        </Typography.Title>
        <Card title={texts.loginTitle} style={{ width: '100%', maxWidth: 368 }}>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} className="kc-login-error" />}
          <Form<Credentials> layout="vertical" onFinish={(values) => void onFinish(values)} autoComplete="on">
            <Form.Item name="username" label={texts.username} rules={[{ required: true, message: texts.usernameRequired }]}>
              <Input autoComplete="username" placeholder={texts.username} />
            </Form.Item>
            <Form.Item name="password" label={texts.password} rules={[{ required: true, message: texts.passwordRequired }]}>
              <Input.Password autoComplete="current-password" placeholder={texts.password} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {texts.login}
            </Button>
          </Form>
        </Card>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>© 2019-2021 {texts.commissionName}</Layout.Footer>
    </Layout>
  );
}

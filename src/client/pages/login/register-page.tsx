import { Alert, Card, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RegisterRequest } from '../../../shared/generated/register-request';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { applyFieldErrors } from '../../passport/apply-field-errors';
import { registerAccount } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { emailRules, passwordPolicyRules } from '../../passport/password-rules';
import { ConfirmPasswordField, PassportFormFooter, PhoneField } from '../../passport/passport-fields';
import { SmsCodeField } from '../../passport/sms-code-field';
import { RegisterAgreement } from './privacy-policy-link';

const FIELDS = ['username', 'password', 'confirmPassword', 'phone', 'smsCode', 'email'] as const;
// The server's schema pattern (register-request.schema.json).
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/**
 * /login/register and /user/register (route name register, header 注册), spec §5: the password
 * under the project's policy (8+ characters, 3 of 4 classes: spec's 6 raised, ADR 0005), the
 * passwords must match, e-mail and phone formats, the SMS code required. The account stays
 * inactive until the e-mailed link, valid 24 hours, is followed.
 */
export default function RegisterPage() {
  const texts = usePassportTexts();
  const locale = useLocale();
  const [form] = Form.useForm<RegisterRequest>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const onFinish = async (values: RegisterRequest): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      await registerAccount(values);
      setDone(true);
    } catch (failure) {
      setError(applyFieldErrors(form, failure, FIELDS, textsFor(locale).requestFailed));
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Result
          status="success"
          title={texts.registerDoneTitle}
          subTitle={texts.activationHint}
          extra={<Link to="/user/login">{texts.backToLogin}</Link>}
          className="kc-register-done"
        />
      </Card>
    );
  }

  return (
    <Card title={texts.headerRegister} style={{ width: '100%', maxWidth: 400 }} className="kc-register">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} className="kc-passport-error" />}
      <Form<RegisterRequest> form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
        <Form.Item
          name="username"
          label={texts.username}
          rules={[
            { required: true, message: texts.usernameRequired },
            { pattern: USERNAME, message: texts.usernameFormat },
          ]}
        >
          <Input autoComplete="username" placeholder={texts.username} />
        </Form.Item>
        <Form.Item name="email" label={texts.email} rules={emailRules(locale)} extra={texts.activationHint}>
          <Input autoComplete="email" placeholder={texts.email} />
        </Form.Item>
        <Form.Item
          name="password"
          label={texts.password}
          rules={passwordPolicyRules(locale, {
            username: () => form.getFieldValue('username') as string | undefined,
            requiredMessage: texts.passwordRequired,
          })}
          extra={texts.passwordPolicyHint}
        >
          <Input.Password autoComplete="new-password" placeholder={texts.password} />
        </Form.Item>
        <ConfirmPasswordField passwordField="password" />
        <PhoneField />
        <SmsCodeField purpose="register" />
        <RegisterAgreement />
        <PassportFormFooter submitText={texts.register} submitting={submitting} linkTo="/user/login" linkText={texts.haveAccount} />
      </Form>
    </Card>
  );
}

import { Alert, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResetPasswordRequest } from '../../../shared/generated/reset-password-request';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { applyFieldErrors } from '../../passport/apply-field-errors';
import { resetPassword } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { passwordPolicyRules } from '../../passport/password-rules';
import { ConfirmPasswordField, PassportFormFooter, PhoneField } from '../../passport/passport-fields';
import { SmsCodeField } from '../../passport/sms-code-field';
import { useFeedback } from '../../feedback/use-feedback';

const FIELDS = ['phone', 'smsCode', 'password', 'confirmPassword'] as const;

/**
 * /login/forget (route name ForgetPassword, header 找回密码): phone, SMS code (60 s between sends),
 * the new password twice under the project's policy; then the login page.
 */
export default function ForgetPasswordPage() {
  const texts = usePassportTexts();
  const locale = useLocale();
  const [form] = Form.useForm<ResetPasswordRequest>();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: ResetPasswordRequest): Promise<void> => {
    setSubmitting(true);
    setError(undefined);
    try {
      const done = await resetPassword(values);
      void message.success(done ?? texts.resetDone);
      navigate('/user/login', { replace: true });
    } catch (failure) {
      setError(applyFieldErrors(form, failure, FIELDS, textsFor(locale).requestFailed));
      setSubmitting(false);
    }
  };

  return (
    <Card title={texts.headerForgetPassword} style={{ width: '100%', maxWidth: 400 }} className="kc-forget-password">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} className="kc-passport-error" />}
      <Form<ResetPasswordRequest> form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
        <PhoneField />
        <SmsCodeField purpose="resetPassword" />
        <Form.Item name="password" label={texts.newPassword} rules={passwordPolicyRules(locale)} extra={texts.passwordPolicyHint}>
          <Input.Password autoComplete="new-password" placeholder={texts.newPassword} />
        </Form.Item>
        <ConfirmPasswordField passwordField="password" />
        <PassportFormFooter submitText={texts.resetPassword} submitting={submitting} linkTo="/login" linkText={texts.backToLogin} />
      </Form>
    </Card>
  );
}

import { Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { usePassportTexts } from './passport-texts';
import { confirmPasswordRules, phoneRules } from './password-rules';

/** The mobile number an SMS code goes to (register, reset password). */
export function PhoneField() {
  const texts = usePassportTexts();
  return (
    <Form.Item name="phone" label={texts.phone} rules={phoneRules(useLocale())}>
      <Input autoComplete="tel" inputMode="tel" maxLength={11} placeholder={texts.phone} />
    </Form.Item>
  );
}

/** The new password typed again; `passwordField` names the field it must equal. */
export function ConfirmPasswordField({ passwordField }: { passwordField: string }) {
  const texts = usePassportTexts();
  return (
    <Form.Item
      name="confirmPassword"
      label={texts.confirmPassword}
      dependencies={[passwordField]}
      rules={confirmPasswordRules(useLocale(), passwordField)}
    >
      <Input.Password autoComplete="new-password" placeholder={texts.confirmPassword} />
    </Form.Item>
  );
}

/** A passport form's full-width submit button and the link back under it. */
export function PassportFormFooter({
  submitText,
  submitting,
  linkTo,
  linkText,
}: {
  submitText: string;
  submitting: boolean;
  linkTo: string;
  linkText: string;
}) {
  return (
    <>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {submitText}
      </Button>
      <div style={{ marginTop: 16 }}>
        <Link to={linkTo}>{linkText}</Link>
      </div>
    </>
  );
}

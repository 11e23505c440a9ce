import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChangePasswordRequest } from '../../../shared/generated/change-password-request';
import type { SecuritySummary } from '../../../shared/generated/security-summary';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { applyFieldErrors } from '../../passport/apply-field-errors';
import { changePassword, fetchSecuritySummary } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { PasswordStrengthMeter } from '../../passport/password-strength-meter';
import { ConfirmPasswordField } from '../../passport/passport-fields';
import { passwordPolicyRules } from '../../passport/password-rules';
import { formatDateTime } from '../../i18n/format-date-time';
import { InterestSettings } from '../../portal/interest-settings';
import { SecondFactorCard } from './second-factor-card';
import { useUserInfo } from '../../layout/use-user-info';
import { notePasswordChange, usePasswordChangeRequired } from '../../session/password-change-store';
import { HOME_PATH } from '../../session/route-guards';
import { getToken } from '../../session/session-store';
import { useFeedback } from '../../feedback/use-feedback';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * /account/settings: the security summary (POST /sys/app/user/settings/security) and the password
 * change (PUT /sys/user/change-password: old, new, confirm) with the strength meter of spec §5.
 * The server ends every other session of the account; this one stays. While the password is still
 * one an administrator chose (SECURITY R07), or has expired (R01), the session guard keeps the user here
 * and the page shows only the change, with the reason, since the server refuses everything else until it
 * is done; then it goes home.
 */
export default function AccountSettingsPage() {
  const texts = usePassportTexts();
  const locale = useLocale();
  const { message } = useFeedback();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const [summary, setSummary] = useState<SecuritySummary>();
  const [submitting, setSubmitting] = useState(false);
  const mustChangePassword = usePasswordChangeRequired();
  const info = useUserInfo();
  const navigate = useNavigate();

  const loadSummary = useCallback(async (): Promise<void> => {
    setSummary(await fetchSecuritySummary().catch(() => undefined));
  }, []);

  useEffect(() => {
    if (!mustChangePassword) void loadSummary();
  }, [loadSummary, mustChangePassword]);

  const onFinish = async (values: ChangePasswordRequest): Promise<void> => {
    setSubmitting(true);
    try {
      const done = await changePassword(values);
      void message.success(done ?? texts.passwordChanged);
      form.resetFields();
      const token = getToken();
      if (mustChangePassword && token) {
        notePasswordChange(token, false);
        void navigate(HOME_PATH, { replace: true });
        return;
      }
      await loadSummary();
    } catch (failure) {
      // Field errors go on their fields; anything else the HTTP client has already shown.
      applyFieldErrors(form, failure, FIELDS, textsFor(locale).requestFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const orNotSet = (value: string | null | undefined): string => value ?? texts.notSet;
  const changeCard = (
    <Card title={texts.changePassword} className="kc-change-password">
      <Form<ChangePasswordRequest> form={form} layout="vertical" style={{ maxWidth: 400 }} onFinish={(values) => void onFinish(values)}>
        <Form.Item name="oldPassword" label={texts.oldPassword} rules={[{ required: true, message: texts.oldPasswordRequired }]}>
          <Input.Password autoComplete="current-password" placeholder={texts.oldPassword} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={texts.newPassword}
          rules={passwordPolicyRules(locale, { username: () => summary?.username ?? info?.username })}
          extra={<PasswordStrengthMeter password={typeof newPassword === 'string' ? newPassword : ''} />}
        >
          <Input.Password autoComplete="new-password" placeholder={texts.newPassword} />
        </Form.Item>
        <ConfirmPasswordField passwordField="newPassword" />
        <Button type="primary" htmlType="submit" loading={submitting}>
          {texts.save}
        </Button>
      </Form>
    </Card>
  );
  if (mustChangePassword) {
    // Owed because the password is older than PASSWORD_MAX_AGE_DAYS (SECURITY R01), not because an administrator chose it.
    const expired = info?.passwordExpired === true;
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }} className="kc-account-settings">
        <Alert
          type="warning"
          showIcon
          className="kc-password-change-required"
          message={expired ? texts.passwordExpiredTitle : texts.passwordChangeRequiredTitle}
          description={expired ? texts.passwordExpiredNotice : texts.passwordChangeRequiredNotice}
        />
        {changeCard}
      </Space>
    );
  }
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} className="kc-account-settings">
      <Card title={texts.securitySettings}>
        <Descriptions
          column={1}
          className="kc-security-summary"
          items={[
            { key: 'username', label: texts.username, children: summary?.username ?? '' },
            { key: 'changed', label: texts.passwordChangedAt, children: formatDateTime(summary?.passwordChangedAt, texts.notSet) },
            { key: 'phone', label: texts.boundPhone, children: orNotSet(summary?.phone) },
            { key: 'email', label: texts.boundEmail, children: orNotSet(summary?.email) },
            { key: 'sessions', label: texts.activeSessions, children: summary ? String(summary.activeSessions) : '' },
            { key: 'sso', label: texts.ssoBinding, children: summary ? (summary.ssoBound ? texts.ssoBound : texts.ssoNotBound) : '' },
          ]}
        />
      </Card>
      <SecondFactorCard />
      {changeCard}
      <InterestSettings />
    </Space>
  );
}

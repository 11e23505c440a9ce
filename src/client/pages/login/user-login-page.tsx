import { Card, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { bindSsoAccount, passwordLogin } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { PasswordLoginForm, type LoginCredentials } from '../../passport/password-login-form';
import { rememberChosenUnit } from '../../passport/remember-chosen-unit';
import { safeRedirect } from '../../../shared/rules/safe-redirect';
import { startSession, useToken } from '../../session/session-store';
import { PrivacyPolicyLink } from './privacy-policy-link';

/**
 * /user/login (route name userLogin, header 授权): the password login; an already logged-in
 * visitor goes to / (spec §2). With `?ticket=` the single sign-on came back with a subject not yet
 * linked, and the same form binds it to the portal account (spec §7 ywtbJxAuthLogin).
 */
export default function UserLoginPage() {
  const appTexts = textsFor(useLocale());
  const texts = usePassportTexts();
  const token = useToken();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  // Set on success, so the redirect target wins over the "already logged in → /" rule.
  const [target, setTarget] = useState<string>();

  if (target) return <Navigate to={target} replace />;
  if (token) return <Navigate to="/" replace />;

  const submit = async (credentials: LoginCredentials): Promise<void> => {
    if (ticket) {
      const answer = await bindSsoAccount({ ticket, ...credentials });
      await rememberChosenUnit(answer.token);
      // In this order, in one tick: the target is set before the token makes the page leave for /.
      setTarget(safeRedirect(answer.redirect ?? params.get('redirect')));
      startSession(answer.token);
      return;
    }
    const newToken = await passwordLogin(ENDPOINTS.login, credentials);
    await rememberChosenUnit(newToken);
    setTarget(safeRedirect(params.get('redirect')));
    startSession(newToken);
  };

  return (
    <Card title={ticket ? texts.bindTitle : appTexts.loginTitle} style={{ width: '100%', maxWidth: 368 }} className="kc-user-login">
      {ticket && <Typography.Paragraph type="secondary">{texts.bindHint}</Typography.Paragraph>}
      <PasswordLoginForm submit={submit} submitText={ticket ? texts.bindSubmit : appTexts.login} />
      <PrivacyPolicyLink />
    </Card>
  );
}

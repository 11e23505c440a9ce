import { Card, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { bindSsoAccount, passwordLogin } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { PasswordLoginForm, type LoginCredentials } from '../../passport/password-login-form';
import { useLoginLanding } from '../../passport/use-login-landing';
import { useToken } from '../../session/session-store';
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
  // The unit, then the landing (the redirect target, or the workbench for staff), then the session.
  const { finish, target, landing, dialog } = useLoginLanding();

  if (target) return <Navigate to={target} replace />;
  // Logged in already (spec §2: /user/login goes to /), unless this very login is landing.
  if (token && !landing) return <Navigate to="/" replace />;

  const submit = async (credentials: LoginCredentials): Promise<void> => {
    if (ticket) {
      const answer = await bindSsoAccount({ ticket, ...credentials });
      await finish(answer.token, answer.redirect ?? params.get('redirect'));
      return;
    }
    await finish(await passwordLogin(ENDPOINTS.login, credentials), params.get('redirect'));
  };

  return (
    <Card title={ticket ? texts.bindTitle : appTexts.loginTitle} style={{ width: '100%', maxWidth: 368 }} className="kc-user-login">
      {ticket && <Typography.Paragraph type="secondary">{texts.bindHint}</Typography.Paragraph>}
      <PasswordLoginForm submit={submit} submitText={ticket ? texts.bindSubmit : appTexts.login} />
      <PrivacyPolicyLink />
      {dialog}
    </Card>
  );
}

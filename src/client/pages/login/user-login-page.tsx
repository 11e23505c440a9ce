import { Card, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { bindSsoAccount, passwordLogin } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { PasswordLoginForm, type LoginCredentials } from '../../passport/password-login-form';
import { useLoginLanding } from '../../passport/use-login-landing';
import { SecondFactorStep } from '../../passport/second-factor-step';
import { useSecondFactorLogin } from '../../passport/use-second-factor-login';
import { useToken } from '../../session/session-store';
import { PrivacyPolicyLink } from './privacy-policy-link';

/**
 * /user/login (route name userLogin, header 授权): the password login; an already logged-in
 * visitor goes to / (spec §2). With `?ticket=` the single sign-on came back with a subject not yet
 * linked, and the same form binds it to the portal account (spec §7 ywtbJxAuthLogin). A role that needs a
 * second factor (SECURITY R06, ADR 0067) is asked for it here after the password, or after SSO (`?mfa=sso`).
 */
export default function UserLoginPage() {
  const appTexts = textsFor(useLocale());
  const texts = usePassportTexts();
  const token = useToken();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  // The unit, then the landing (the redirect target, or the workbench for staff), then the session.
  const { finish, target, landing, dialog } = useLoginLanding();
  // A privileged role's second step (SECURITY R06), after the password or a single sign-on (?mfa=sso).
  const { pending, proceed, cancel } = useSecondFactorLogin(params.get('mfa') === 'sso', params.get('redirect'));

  if (target) return <Navigate to={target} replace />;
  // Logged in already (spec §2: /user/login goes to /), unless this very login is landing.
  if (token && !landing) return <Navigate to="/" replace />;

  const submit = async (credentials: LoginCredentials): Promise<void> => {
    if (ticket) {
      await proceed(await bindSsoAccount({ ticket, ...credentials }), params.get('redirect'), finish);
      return;
    }
    await proceed(await passwordLogin(ENDPOINTS.login, credentials), params.get('redirect'), finish);
  };

  return (
    <Card title={ticket ? texts.bindTitle : appTexts.loginTitle} style={{ width: '100%', maxWidth: 368 }} className="kc-user-login">
      {ticket && !pending && <Typography.Paragraph type="secondary">{texts.bindHint}</Typography.Paragraph>}
      {pending ? (
        <SecondFactorStep challenge={pending.challenge} onDone={(session) => finish(session, pending.redirect)} onCancel={cancel} />
      ) : (
        <PasswordLoginForm submit={submit} submitText={ticket ? texts.bindSubmit : appTexts.login} />
      )}
      <PrivacyPolicyLink />
      {dialog}
    </Card>
  );
}

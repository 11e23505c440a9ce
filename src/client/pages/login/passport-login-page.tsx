import { Button, Card, Divider, Space, Tabs } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { ssoLoginUrl, passwordLogin } from '../../passport/passport-api';
import { usePassportTexts } from '../../passport/passport-texts';
import { PasswordLoginForm, type LoginCredentials } from '../../passport/password-login-form';
import { useLoginLanding } from '../../passport/use-login-landing';
import { SecondFactorStep } from '../../passport/second-factor-step';
import { useSecondFactorLogin } from '../../passport/use-second-factor-login';
import { safeRedirect } from '../../../shared/rules/safe-redirect';
import { useToken } from '../../session/session-store';
import { PrivacyPolicyLink } from './privacy-policy-link';

export type LoginVariant = 'account' | 'public' | 'legal';

const VARIANT_PATHS: Record<LoginVariant, string> = { account: '/login', public: '/login/public_login', legal: '/login/legalLogin' };

/**
 * /login, /login/public_login and /login/legalLogin (法人登录), route name login: the passport's
 * password login (POST /oauth/login, captcha when asked) and the single sign-on button. The spec
 * names the three variants without telling them apart; they share one account login here.
 */
export default function PassportLoginPage({ variant }: { variant: LoginVariant }) {
  const texts = usePassportTexts();
  const token = useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { finish, target, landing, dialog } = useLoginLanding();
  // A privileged role's second step (SECURITY R06, ADR 0067).
  const { pending, proceed, cancel } = useSecondFactorLogin(false, params.get('redirect'));
  const redirect = safeRedirect(params.get('redirect'));
  const query = params.has('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : '';

  if (target) return <Navigate to={target} replace />;
  // Logged in already (spec §2: /user/login goes to /), unless this very login is landing.
  if (token && !landing) return <Navigate to="/" replace />;

  const submit = async (credentials: LoginCredentials): Promise<void> => {
    // The unit, then the landing (the redirect target, or the workbench for staff), then the session.
    await proceed(await passwordLogin(ENDPOINTS.passportLogin, credentials), params.get('redirect'), finish);
  };

  const labels: Record<LoginVariant, string> = { account: texts.accountLogin, public: texts.publicLogin, legal: texts.legalLogin };
  if (pending)
    return (
      <Card style={{ width: '100%', maxWidth: 400 }} className="kc-passport-login">
        <SecondFactorStep challenge={pending.challenge} onDone={(session) => finish(session, pending.redirect)} onCancel={cancel} />
        {dialog}
      </Card>
    );
  return (
    <Card style={{ width: '100%', maxWidth: 400 }} className="kc-passport-login">
      <Tabs
        activeKey={variant}
        centered
        onChange={(key) => navigate(`${VARIANT_PATHS[key as LoginVariant]}${query}`)}
        items={(Object.keys(VARIANT_PATHS) as LoginVariant[]).map((key) => ({ key, label: labels[key] }))}
      />
      <PasswordLoginForm
        submit={submit}
        submitText={texts.login}
        footer={
          <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }}>
            <Link to={`/login/forget${query}`}>{texts.forgetPassword}</Link>
            <Link to={`/login/register${query}`}>{texts.registerAccount}</Link>
          </Space>
        }
      />
      <Divider plain>{texts.singleSignOn}</Divider>
      {/* A full page load: the server answers with a 302 to the provider (ADR 0005). */}
      <Button block href={ssoLoginUrl(redirect)} className="kc-sso-login">
        {texts.singleSignOn}
      </Button>
      <PrivacyPolicyLink />
      {dialog}
    </Card>
  );
}

import { Card, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../../feedback/use-feedback';
import { useSecondFactorTexts } from '../../passport/second-factor-texts';

const TotpEnrolment = lazy(() => import('../../passport/totp-enrolment'));

/**
 * /account/mfa, 两步验证 (SECURITY R06, ADR 0067): a logged-in staff member enrols an authenticator, after
 * removing the old one in account settings; then back to the settings. The login's own enrolment is its
 * second step, on the login page.
 */
export default function SecondFactorPage() {
  const texts = useSecondFactorTexts();
  const navigate = useNavigate();
  const { message } = useFeedback();
  return (
    <Card title={texts.pageTitle} className="kc-second-factor-page" style={{ maxWidth: 480 }}>
      <Suspense fallback={<Spin />}>
        <TotpEnrolment
          onDone={() => {
            void message.success(texts.done);
            void navigate('/account/settings');
          }}
        />
      </Suspense>
    </Card>
  );
}

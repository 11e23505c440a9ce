import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';

/** Where the privacy policy is (spec §1, §2 /privacyPolicy): under the login forms. */
export function PrivacyPolicyLink() {
  const texts = textsFor(useLocale());
  return (
    <Typography.Paragraph className="kc-privacy-link" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
      <Link to="/privacyPolicy">{texts.privacyPolicy}</Link>
    </Typography.Paragraph>
  );
}

/**
 * The registration's agreement (SECURITY R35: the privacy notice is shown at registration): 注册即表示
 * 您已阅读并同意《隐私政策》, the policy opening in a new tab so that the form keeps what was typed.
 */
export function RegisterAgreement() {
  const texts = textsFor(useLocale());
  const [before = '', after = ''] = texts.registerAgreement.split('{policy}');
  return (
    <Typography.Paragraph className="kc-register-agreement">
      {before}
      {/* Underlined: inside a sentence, colour alone does not tell a link apart (WCAG 1.4.1). */}
      <Link to="/privacyPolicy" target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
        {texts.privacyPolicy}
      </Link>
      {after}
    </Typography.Paragraph>
  );
}

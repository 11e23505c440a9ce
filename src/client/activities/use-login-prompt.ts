import { useLocation, useNavigate } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { loginHref } from './login-href';
import { useFeedback } from '../feedback/use-feedback';

/**
 * For a control an anonymous visitor may see but not use (spec §1): asks 请先登录 with `content`,
 * and 登录 goes to the login page, which brings the visitor back to this page. The same prompt as
 * the message board's for anonymous visitors.
 */
export function useLoginPrompt(): (content: string) => void {
  const texts = textsFor(useLocale());
  const { modal } = useFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  return (content) => {
    modal.confirm({
      title: texts.pleaseLogin,
      content,
      okText: texts.login,
      cancelText: texts.cancel,
      className: 'kc-login-prompt',
      onOk: () => navigate(loginHref(location.pathname + location.search)),
    });
  };
}

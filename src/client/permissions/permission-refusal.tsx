import { Button, Result } from 'antd';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { layoutTextsFor } from '../layout/layout-texts';
import { ExceptionResult } from '../pages/exception/exception-result';

/**
 * RequirePermission's two refusals: the permissions could not be loaded (with a retry), or the
 * page needs a permission the user lacks (the 403 page). A chunk of its own: antd's Result and its
 * pictures stay out of every page's first load.
 */
export default function PermissionRefusal({ onRetry }: { onRetry?: () => void }) {
  const locale = useLocale();
  if (!onRetry) return <ExceptionResult status="403" subTitle={layoutTextsFor(locale).forbidden} />;
  const texts = textsFor(locale);
  return (
    <Result
      status="error"
      className="kc-permission-failed"
      title={texts.userInfoFailed}
      extra={
        <Button type="primary" onClick={onRetry}>
          {texts.reload}
        </Button>
      }
    />
  );
}

import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { layoutTextsFor } from '../../layout/layout-texts';

/** One exception page (spec §2: 403, 404, 500): antd's Result with its status art and a way home. */
export function ExceptionResult({ status, subTitle }: { status: '403' | '404' | '500'; subTitle: string }) {
  const texts = layoutTextsFor(useLocale());
  return (
    <Result
      className={`kc-exception kc-exception-${status}`}
      status={status}
      title={status}
      subTitle={subTitle}
      extra={
        <Link to="/home">
          <Button type="primary">{texts.backHome}</Button>
        </Link>
      }
    />
  );
}

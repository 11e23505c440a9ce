import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

export default function NotFoundPage() {
  const texts = textsFor(useLocale());
  return (
    <Result
      status="404"
      title="404"
      subTitle={texts.notFound}
      extra={
        <Link to="/home">
          <Button type="primary">{texts.backHome}</Button>
        </Link>
      }
    />
  );
}

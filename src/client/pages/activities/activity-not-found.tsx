import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';

/** The application form's 404: an unknown activity or step route, with the way back to the activities. */
export default function ActivityNotFound({ message }: { message: string }) {
  const texts = textsFor(useLocale());
  return (
    <Result
      status="404"
      title={message}
      extra={
        <Link to="/activities">
          <Button type="primary">{texts.activities}</Button>
        </Link>
      }
    />
  );
}

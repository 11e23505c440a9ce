import { Alert, Button } from 'antd';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

/** A list that could not be loaded says so above the table, with 重新加载 to try again. */
export function LoadFailedAlert({ onRetry }: { onRetry: () => void }) {
  const texts = textsFor(useLocale());
  return (
    <Alert
      type="error"
      showIcon
      className="kc-load-failed"
      message={texts.requestFailed}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={onRetry}>
          {texts.reload}
        </Button>
      }
    />
  );
}

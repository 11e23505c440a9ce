import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { ApiError } from '../api/api-error';
import { engineTexts } from './engine-texts';
import { useFeedback } from '../feedback/use-feedback';

export interface UnmaskButtonProps<T> {
  /** The audited call that answers the values in full: a record's unmasked fields, an application's unmasked detail. */
  unmask: () => Promise<T>;
  locale: Locale;
  /** The values are on screen already: only the note stays, beside them. */
  shown: boolean;
  onUnmasked: (answer: T) => void;
}

/**
 * 查看完整信息 on a record or an application whose personal fields are shown masked (SECURITY R35), for a
 * holder of <permission>.unmask. The note says before the click that the view is audited, and stays after it.
 */
export function UnmaskButton<T>({ unmask: fetchUnmasked, locale, shown, onUnmasked }: UnmaskButtonProps<T>) {
  const engine = engineTexts(locale);
  const { message } = useFeedback();
  const [loading, setLoading] = useState(false);

  const unmask = async (): Promise<void> => {
    setLoading(true);
    try {
      onUnmasked(await fetchUnmasked());
    } catch (error) {
      // The server's own words when it answered (too many views, no longer permitted); ours when it could not.
      void message.error(error instanceof ApiError && error.status !== undefined ? error.message : engine.unmaskFailed);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Space wrap className="kc-unmask">
      {!shown && (
        <Button loading={loading} onClick={() => void unmask()}>
          {engine.unmaskButton}
        </Button>
      )}
      <Typography.Text type="secondary">{engine.unmaskNote}</Typography.Text>
    </Space>
  );
}

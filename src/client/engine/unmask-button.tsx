import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { ApiError } from '../api/api-error';
import { engineTexts } from './engine-texts';
import { fetchUnmaskedFields } from './fetch-unmasked-fields';
import { useFeedback } from '../feedback/use-feedback';

export interface UnmaskButtonProps {
  resource: string;
  id: string;
  locale: Locale;
  /** The values are on screen already: only the note stays, beside them. */
  shown: boolean;
  onUnmasked: (fields: Record<string, string>) => void;
}

/**
 * 查看完整信息 on a record whose personal numbers are shown masked (SECURITY R35), for a holder of
 * <permission>.unmask. The note says before the click that the view is audited, and stays after it.
 */
export function UnmaskButton({ resource, id, locale, shown, onUnmasked }: UnmaskButtonProps) {
  const engine = engineTexts(locale);
  const { message } = useFeedback();
  const [loading, setLoading] = useState(false);

  const unmask = async (): Promise<void> => {
    setLoading(true);
    try {
      onUnmasked(await fetchUnmaskedFields(resource, id));
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

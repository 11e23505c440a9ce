import { Typography } from 'antd';
import { formatDateTime } from '../../i18n/format-date-time';
import type { Texts } from '../../i18n/texts';

export interface StepSaveIndicatorProps {
  saving: boolean;
  dirty: boolean;
  /** The last successful save (or the server copy's updatedAt); null before the first. */
  lastSaved: Date | null;
  texts: Texts;
}

/** 保存中… / 有未保存的修改 / 已保存 HH:mm in the card's corner; `data-state` names the state for tests. */
export function StepSaveIndicator({ saving, dirty, lastSaved, texts }: StepSaveIndicatorProps) {
  if (saving) {
    return (
      <Typography.Text type="secondary" className="kc-save-state" data-state="saving">
        {texts.saving}
      </Typography.Text>
    );
  }
  if (dirty) {
    return (
      <Typography.Text type="warning" className="kc-save-state" data-state="dirty">
        {texts.unsaved}
      </Typography.Text>
    );
  }
  if (!lastSaved) return null;
  return (
    <Typography.Text type="secondary" className="kc-save-state" data-state="saved">
      {texts.savedAt(formatDateTime(lastSaved, '', 'clock'))}
    </Typography.Text>
  );
}

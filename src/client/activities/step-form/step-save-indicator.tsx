import { theme } from 'antd';
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
  // Typography.Text's colours from the theme, without Typography's 8 KB on the form's first screen (issue 33).
  const { token } = theme.useToken();
  if (saving) {
    return (
      <span className="kc-save-state" data-state="saving" style={{ color: token.colorTextSecondary }}>
        {texts.saving}
      </span>
    );
  }
  if (dirty) {
    return (
      <span className="kc-save-state" data-state="dirty" style={{ color: token.colorWarningText }}>
        {texts.unsaved}
      </span>
    );
  }
  if (!lastSaved) return null;
  return (
    <span className="kc-save-state" data-state="saved" style={{ color: token.colorTextSecondary }}>
      {texts.savedAt(formatDateTime(lastSaved, '', 'clock'))}
    </span>
  );
}

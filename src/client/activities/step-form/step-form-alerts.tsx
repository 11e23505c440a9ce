import { Alert, Button, Space } from 'antd';
import type { WindowState } from '../../../shared/activity/activity-window';
import { statusLabel, type ApplicationStatus } from '../../../shared/activity/application-status';
import type { Locale } from '../../../shared/i18n/locale';
import { formatDateTime } from '../../i18n/format-date-time';
import { textsFor } from '../../i18n/texts';
import type { LocalOffer } from './step-local-offer';

export interface StepFormAlertsProps {
  status: ApplicationStatus | undefined;
  editable: boolean;
  activityWindow: { opensAt: string; closesAt: string };
  /** The window's state by server time. */
  windowState: WindowState;
  /** Unsaved values kept on this device, offered back. */
  offer: LocalOffer | undefined;
  onRestoreOffer: () => void;
  onDiscardOffer: () => void;
  /** A one-off notice (the application was submitted elsewhere and has been reloaded). */
  notice: string | undefined;
  /** The reviewer's note on the latest decision, shown with the returned hint. */
  reviewNote?: string | undefined;
  locale: Locale;
}

/** What the applicant should know before editing: read-only or returned, the window, a local copy. */
export function StepFormAlerts({
  status,
  editable,
  activityWindow,
  windowState,
  offer,
  onRestoreOffer,
  onDiscardOffer,
  notice,
  reviewNote,
  locale,
}: StepFormAlertsProps) {
  const texts = textsFor(locale);
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {notice && <Alert type="info" showIcon className="kc-step-notice" message={notice} />}
      {status && !editable && <Alert type="info" showIcon message={texts.readOnlyHint(statusLabel(status, locale))} />}
      {status === 'returned' && (
        <Alert
          type="warning"
          showIcon
          className="kc-returned-hint"
          message={texts.returnedHint}
          description={reviewNote ? texts.reviewNoteShown(reviewNote) : undefined}
        />
      )}
      {editable && windowState === 'notOpen' && (
        <Alert type="warning" showIcon message={texts.windowNotOpenHint(formatDateTime(activityWindow.opensAt))} />
      )}
      {editable && windowState === 'closed' && (
        <Alert type="warning" showIcon message={texts.windowClosedHint(formatDateTime(activityWindow.closesAt))} />
      )}
      {offer && editable && (
        <Alert
          type="warning"
          showIcon
          className="kc-local-draft"
          message={texts.localDraftFound(formatDateTime(offer.draft.savedAt))}
          action={
            <Space>
              <Button size="small" type="primary" onClick={onRestoreOffer}>
                {texts.restoreLocalDraft}
              </Button>
              <Button size="small" onClick={onDiscardOffer}>
                {texts.discardLocalDraft}
              </Button>
            </Space>
          }
        />
      )}
    </Space>
  );
}

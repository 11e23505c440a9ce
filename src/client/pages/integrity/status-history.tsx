import { Timeline, Typography } from 'antd';
import { actionLabel, statusLabel } from '../../../shared/activity/application-status';
import type { ApplicationHistoryEntry } from '../../../shared/generated';
import type { Locale } from '../../../shared/i18n/locale';
import { formatDateTime } from '../../i18n/format-date-time';

/** An application's status changes, oldest first: who did what, when, and the note they left. */
export function StatusHistory({ history, locale }: { history: readonly ApplicationHistoryEntry[]; locale: Locale }) {
  return (
    <Timeline
      className="kc-status-history"
      items={history.map((entry, index) => ({
        key: `${entry.at}-${index}`,
        children: (
          <>
            <Typography.Text>
              {formatDateTime(entry.at)} {entry.actorName} {actionLabel(entry.action, locale)} → {statusLabel(entry.toStatus, locale)}
            </Typography.Text>
            {entry.note && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {entry.note}
              </Typography.Paragraph>
            )}
          </>
        ),
      }))}
    />
  );
}

import { Link } from 'react-router-dom';
import { windowState } from '../../shared/activity/activity-window';
import type { ActivitySummary } from '../../shared/generated/activity-summary';
import { fetchActivities } from '../activities/activity-api';
import { localizedActivity } from '../activities/localized-activity';
import type { ServerClock } from '../activities/use-server-clock';
import { formatDateTime } from '../i18n/format-date-time';
import type { Locale } from '../../shared/i18n/locale';
import { portalTextsFor } from './portal-texts';

/** The activities open now by the server's clock (ADR 0004), soonest to close first. */
export async function fetchOpenActivities(clock: ServerClock): Promise<ActivitySummary[]> {
  const now = clock();
  const activities = await fetchActivities();
  return activities
    .filter((activity) => windowState(activity.window, now) === 'open')
    .sort((a, b) => a.window.closesAt.localeCompare(b.window.closesAt));
}

export function OpenActivityLines({ activities, locale }: { activities: ActivitySummary[]; locale: Locale }) {
  const texts = portalTextsFor(locale);
  return (
    <ul className="kc-article-lines">
      {activities.map((activity) => (
        <li key={activity.id}>
          <Link to="/activities">{localizedActivity(activity, locale).title}</Link>
          <time dateTime={activity.window.closesAt}>{texts.activityDeadline(formatDateTime(activity.window.closesAt))}</time>
        </li>
      ))}
    </ul>
  );
}

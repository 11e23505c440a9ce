import { useEffect, useState } from 'react';
import type { ActivityDetail, ApplicationView } from '../../shared/generated';
import { ApiError } from '../api/api-error';
import { fetchActivity, queryApplication } from './activity-api';
import { takeEarlyApplication } from './early-application-calls';

export type ApplicationData =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'ready'; activity: ActivityDetail; application: ApplicationView | null };

/**
 * An activity with every step schema, and the caller's application for it (null before the first
 * save). Both are fetched on each visit, so a version published from the studio shows at once; a
 * draft started on an earlier version is shown with that version's steps, as the server checks it.
 */
export function useApplicationData(activityId: string | null): ApplicationData {
  const [data, setData] = useState<ApplicationData>({ status: 'loading' });
  useEffect(() => {
    if (!activityId) {
      setData({ status: 'notFound' });
      return;
    }
    let active = true;
    setData({ status: 'loading' });
    Promise.all([fetchActivity(activityId), takeEarlyApplication(activityId) ?? queryApplication(activityId)])
      .then(async ([activity, application]) =>
        application && application.schemaVersion !== activity.version
          ? ([await fetchActivity(activityId, application.schemaVersion), application] as const)
          : ([activity, application] as const),
      )
      .then(
        ([activity, application]) => active && setData({ status: 'ready', activity, application }),
        (error: unknown) => active && setData({ status: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' }),
      );
    return () => {
      active = false;
    };
  }, [activityId]);
  return data;
}

import { useEffect, useState } from 'react';
import type { ApplicationStatus } from '../../shared/activity/application-status';
import { fetchApplicationStatus } from './activity-api';

const DECIDED: readonly ApplicationStatus[] = ['returned', 'approved', 'rejected'];

/**
 * The note of the reviewer's latest decision on the caller's application, once it has been returned,
 * approved or rejected: an applicant told to revise needs to know what to revise. Undefined while
 * loading, without a note, or when the status cannot be had (the hint still shows without it).
 */
export function useReviewNote(activityId: string, status: ApplicationStatus | undefined): string | undefined {
  const [note, setNote] = useState<{ for: string; text: string | undefined }>();
  const key = `${activityId}:${status ?? ''}`;
  useEffect(() => {
    if (!status || !DECIDED.includes(status)) return;
    let live = true;
    fetchApplicationStatus(activityId).then(
      (view) => {
        const decision = [...view.history]
          .reverse()
          .find((entry) => entry.action === 'return' || entry.action === 'approve' || entry.action === 'reject');
        if (live) setNote({ for: key, text: decision?.note });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [activityId, status, key]);
  return note?.for === key ? note.text : undefined;
}

import type { ApplicationStatus } from '../../../shared/activity/application-status';
import type { ApplicationHistoryEntry } from '../../../shared/generated/application-history-entry';
import type { Db } from '../../db/database';
import { listHistory } from './application-store';

/** An application's status changes as the API returns them, oldest first. */
export async function applicationHistory(db: Db, applicationId: string): Promise<ApplicationHistoryEntry[]> {
  return (await listHistory(db, applicationId)).map((entry) => ({
    action: entry.action as ApplicationHistoryEntry['action'],
    fromStatus: entry.fromStatus as ApplicationStatus,
    toStatus: entry.toStatus as ApplicationStatus,
    at: entry.at.toISOString(),
    actorName: entry.actorName,
    ...(entry.note === null ? {} : { note: entry.note }),
  }));
}

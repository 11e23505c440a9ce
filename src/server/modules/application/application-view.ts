import { isApplicationStatus, isEditable, type ApplicationStatus } from '../../../shared/activity/application-status';
import type { ApplicationHistoryEntry } from '../../../shared/generated/application-history-entry';
import type { ApplicationListItem } from '../../../shared/generated/application-list-item';
import type { ApplicationView } from '../../../shared/generated/application-view';
import type { ApplicationRow } from './application-store';

export function rowStatus(row: Pick<ApplicationRow, 'status' | 'id'>): ApplicationStatus {
  if (!isApplicationStatus(row.status)) throw new Error(`application ${row.id} has an unknown status "${row.status}"`);
  return row.status;
}

/** The application as the API returns it; never the owner id or anything else the server owns internally. */
export function toApplicationView(
  row: ApplicationRow,
  extras: { applicantName?: string; history?: ApplicationHistoryEntry[] } = {},
): ApplicationView {
  const status = rowStatus(row);
  return {
    id: row.id,
    activityId: row.activityId,
    status,
    version: row.version,
    currentStep: row.currentStep,
    data: row.data,
    schemaVersion: row.schemaVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    editable: isEditable(status),
    ...(extras.applicantName === undefined ? {} : { applicantName: extras.applicantName }),
    ...(extras.history === undefined ? {} : { history: extras.history }),
  };
}

export function toListItem(row: ApplicationRow, activityTitle: string, applicantName?: string): ApplicationListItem {
  return {
    id: row.id,
    activityId: row.activityId,
    activityTitle,
    status: rowStatus(row),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    currentStep: row.currentStep,
    version: row.version,
    ...(applicantName === undefined ? {} : { applicantName }),
  };
}

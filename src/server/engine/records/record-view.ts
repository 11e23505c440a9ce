import type { RecordHistoryEntry } from '../../../shared/generated/record-history-entry';
import type { RecordView } from '../../../shared/generated/record-view';
import type { RecordHistoryRow, RecordRow } from './record-store';

/** A record as the API answers it; `editable` and `actions` only where the caller is known. */
export function toRecordView(
  row: RecordRow & { ownerName?: string | null },
  extra: Pick<RecordView, 'editable' | 'actions'> = {},
): RecordView {
  return {
    id: row.id,
    resource: row.resource,
    status: row.status,
    version: row.version,
    data: row.data,
    ownerName: row.ownerName ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
}

export function toHistoryEntry(row: RecordHistoryRow): RecordHistoryEntry {
  return {
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    version: row.version,
    at: row.at.toISOString(),
    actorName: row.actorName,
    note: row.note,
  };
}

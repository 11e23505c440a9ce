import type { FastifyInstance } from 'fastify';
import { AUDIT_RESULTS, auditObjectLabel, isAuditEvent } from '../../../shared/audit/audit-events';
import type { AuditLogRecord } from '../../../shared/generated/audit-log-record';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import type { ListSource } from '../../engine/records/list-source';
import { listAuditLog } from '../../services/audit/list-audit-log';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { AppError } from '../../lib/app-error';

/** The resource folder schemas/resources/audit-log names this source. */
const RESOURCE = 'audit-log';

/** What a row is about, for people: a resource folder's own title, or the audit's name for the kind. */
function objectText(app: FastifyInstance, row: AuditLogRecord, locale: Locale): string | undefined {
  if (!row.objectType) return undefined;
  const resource = app.resources.get(row.objectType)?.resource;
  const kind = resource ? localizedEntryTitle(resource, locale) : auditObjectLabel(row.objectType, locale);
  return `${kind} ${row.objectId ?? ''}`.trim();
}

function toRecord(app: FastifyInstance, row: AuditLogRecord, locale: Locale): RecordView {
  const data: Record<string, unknown> = { at: row.at, event: row.event, ip: row.ip };
  if (row.username) data['username'] = row.username;
  if (row.reason) data['reason'] = row.reason;
  if (row.objectType) data['objectType'] = row.objectType;
  const object = objectText(app, row, locale);
  if (object) data['object'] = object;
  // A log row never changes: its "state" is its result, the workflow file's two states.
  return {
    id: String(row.id),
    resource: RESOURCE,
    status: row.result,
    version: 1,
    data,
    ownerName: row.username,
    createdAt: row.at,
    updatedAt: row.at,
    editable: false,
    actions: [],
  };
}

/**
 * 科研诚信 > 操作日志 as a list file over the append-only audit log (SECURITY R31, R32; ADR 0009):
 * the result is the row's state, the event and the user name are its filters, newest first.
 */
export function auditLogListSource(app: FastifyInstance): ListSource {
  return {
    async list(query, user) {
      // The log is the audit administrator's whatever folder names this source (ADR 0068): a studio
      // publication that gives audit-log, or a new folder over it, another permission id reads nothing.
      if (!hasPermission(user.permissions, `${PERMISSION_IDS.integrityLog}.query`)) throw new AppError(403, 'forbidden');
      const results = AUDIT_RESULTS.filter((result) => query.statuses.includes(result));
      if (results.length === 0) return { total: 0, records: [] };
      const event = query.filters.find((filter) => filter.field === 'event')?.value;
      const username = query.filters.find((filter) => filter.field === 'username')?.value;
      // A list file's where (信用信息日志: objectType credit) narrows to one kind of record.
      const objectType = query.filters.find((filter) => filter.field === 'objectType')?.value;
      if (event !== undefined && !isAuditEvent(event)) return { total: 0, records: [] };
      const page = await listAuditLog(app.database.db, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...(results.length === 1 ? { result: results[0] } : {}),
        ...(event !== undefined ? { event } : {}),
        ...(typeof username === 'string' ? { username } : {}),
        ...(typeof objectType === 'string' ? { objectType } : {}),
      });
      return { total: page.total, records: page.records.map((row) => toRecord(app, row, query.locale)) };
    },
  };
}

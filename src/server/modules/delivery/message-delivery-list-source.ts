import type { RecordView } from '../../../shared/generated/record-view';
import { maskEmail, maskPhone } from '../../../shared/rules/mask';
import type { Db } from '../../db/database';
import type { ListSource } from '../../engine/records/list-source';
import { listMessageDeliveries, type MessageDeliveryRow } from '../../services/delivery/list-message-deliveries';

/** The resource folder schemas/resources/message-delivery names this source. */
const RESOURCE = 'message-delivery';
const STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'];

function toRecord(row: MessageDeliveryRow): RecordView {
  // The recipient masked as everywhere else (SECURITY R35); the body (codes, links) is never listed.
  const data: Record<string, unknown> = {
    queuedAt: row.createdAt.toISOString(),
    channel: row.channel,
    transport: row.transport,
    recipient: row.channel === 'sms' ? maskPhone(row.recipient) : maskEmail(row.recipient),
    attempts: row.attempts,
  };
  if (row.subject) data['subject'] = row.subject;
  if (row.lastError) data['lastError'] = row.lastError;
  if (row.sentAt) data['sentAt'] = row.sentAt.toISOString();
  return {
    id: row.id,
    resource: RESOURCE,
    status: row.status,
    version: 1,
    data,
    ownerName: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editable: false,
    actions: [],
  };
}

/**
 * 消息投递 as a read-only list over message_deliveries (ADR 0034): the delivery's status is the
 * record's state, the channel its filter, newest first.
 */
export function messageDeliveryListSource(db: Db): ListSource {
  return {
    async list(query) {
      const statuses = STATUSES.filter((status) => query.statuses.includes(status));
      if (statuses.length === 0) return { total: 0, records: [] };
      const channel = query.filters.find((filter) => filter.field === 'channel')?.value;
      const page = await listMessageDeliveries(db, {
        statuses,
        channel: typeof channel === 'string' ? channel : undefined,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      return { total: page.total, records: page.rows.map(toRecord) };
    },
  };
}

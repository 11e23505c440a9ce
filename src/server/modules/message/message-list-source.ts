import type { FastifyInstance } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { auditRequest } from '../../services/audit/request-audit';
import type { ListSource } from '../../engine/records/list-source';
import { findMessage, isMessageState, listMessages, writeReply, type MessageRow } from './message-store';

/** The resource folder schemas/resources/message names this source. */
const RESOURCE = 'message';

function toRecord(row: MessageRow, user: AuthUser, mayReply: boolean): RecordView {
  const data: Record<string, unknown> = {};
  for (const field of ['theme', 'messageType', 'name', 'content'] as const) {
    if (typeof row.data[field] === 'string') data[field] = row.data[field];
  }
  if (row.reply !== null) data['reply'] = row.reply;
  if (row.repliedAt !== null) data['repliedAt'] = row.repliedAt.toISOString();
  const status = row.reply === null ? 'pending' : 'replied';
  return {
    id: row.id,
    resource: RESOURCE,
    status,
    version: row.version,
    data,
    ownerName: row.ownerName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (row.repliedAt ?? row.createdAt).toISOString(),
    editable: false,
    // Nobody answers their own message (SECURITY R18).
    actions: status === 'pending' && mayReply && row.userId !== user.id ? ['reply'] : [],
  };
}

/**
 * 我的留言 and 留言回复 as list files over the message board's table: the writer reads their
 * messages with the answers; a holder of message.update answers once (version-checked, audited).
 */
export function messageListSource(app: FastifyInstance): ListSource {
  const mayReply = (user: AuthUser): boolean =>
    user.permissions.some((entry) => entry.permissionId === RESOURCE && entry.actionList.includes('update'));
  return {
    async list(query, user) {
      const states = query.statuses.filter(isMessageState);
      if (states.length === 0) return { total: 0, records: [] };
      const messageType = query.filters.find((filter) => filter.field === 'messageType')?.value;
      const page = await listMessages(app.database.db, {
        userId: query.scope.kind === 'owner' ? query.scope.id : undefined,
        states,
        messageType: typeof messageType === 'string' ? messageType : undefined,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ascending: query.sort.order === 'ascend',
      });
      return { total: page.total, records: page.rows.map((row) => toRecord(row, user, mayReply(user))) };
    },
    transitions: {
      async reply({ id, version, note, user, request }) {
        const db = app.database.db;
        const row = await findMessage(db, id);
        if (!row) throw new AppError(404, 'notFound');
        if (row.userId === user.id) throw new AppError(403, 'ownRecord');
        if (row.reply !== null) throw new AppError(409, 'illegalTransition');
        const current = version ?? row.version;
        const conflict = (): AppError => new AppError(409, 'recordVersionConflict', { data: { ...toRecord(row, user, true) } });
        if (current !== row.version) throw conflict();
        const now = app.clock();
        // The reply and its audit row in one transaction (SECURITY R32); the reply text is not audited.
        const written = await db.transaction(async (tx) => {
          const changed = await writeReply(tx, { id, version: current, reply: note ?? '', repliedBy: user.id, now });
          if (changed)
            await auditRequest(
              request,
              { event: 'RECORD_TRANSITIONED', result: 'success', objectType: RESOURCE, objectId: id, action: 'reply' },
              tx,
            );
          return changed;
        });
        if (!written) throw conflict();
        const record = toRecord({ ...row, reply: note ?? '', repliedAt: now, version: written.version }, user, true);
        return { record, message: serverMessage('recordTransitioned', requestLocale(request)) };
      },
    },
  };
}

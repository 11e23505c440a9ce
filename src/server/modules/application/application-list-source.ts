import type { FastifyInstance } from 'fastify';
import { windowState } from '../../../shared/activity/activity-window';
import { isApplicationStatus, isEditable } from '../../../shared/activity/application-status';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { ListSource } from '../../engine/records/list-source';
import { activityTitle } from './application-context';
import { applicationFigures } from './application-figures';
import { findApplicationById, listApplications, type ApplicationRow } from './application-store';
import { rowStatus } from './application-view';
import { withdrawApplication } from './withdraw-application';

/** The resource folder schemas/resources/application names this source. */
export const APPLICATION_RESOURCE = 'application';

/** An application's fields as the folder's record.schema.json describes them: the lists' rows and the notices' placeholders. */
export function applicationRowData(
  app: FastifyInstance,
  row: ApplicationRow,
  applicantName: string,
  locale: Locale,
): Record<string, string> {
  return {
    activityId: row.activityId,
    activityTitle: activityTitle(app, row.activityId, locale),
    applicantName,
    ...(row.submittedAt ? { submittedAt: row.submittedAt.toISOString() } : {}),
  };
}

/** An application as a row of the engine's lists: its record.schema.json describes `data`. */
function toRecord(
  app: FastifyInstance,
  row: ApplicationRow & { applicantName: string },
  user: AuthUser,
  locale: Locale,
  now: Date,
): RecordView {
  const status = rowStatus(row);
  const own = row.userId === user.id;
  const window = app.activities.get(row.activityId)?.definition.manifest.window;
  // Withdrawing is the owner's, and only while the window is open by server time.
  const canWithdraw = own && status === 'submitted' && window !== undefined && windowState(window, now) === 'open';
  return {
    id: row.id,
    resource: APPLICATION_RESOURCE,
    status,
    version: row.version,
    data: applicationRowData(app, row, row.applicantName, locale),
    ownerName: row.applicantName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editable: own && isEditable(status),
    actions: canWithdraw ? ['withdraw'] : [],
  };
}

/**
 * 我的申报 and 审核管理 as list files over the applications table (ADR 0010): the engine checks the
 * list request and the scope; the applications module reads its own table, newest change first.
 */
export function applicationListSource(app: FastifyInstance): ListSource {
  return {
    async list(query, user) {
      const statuses = query.statuses.filter(isApplicationStatus);
      if (statuses.length === 0) return { total: 0, records: [] };
      const page = await listApplications(app.database.db, {
        ...(query.scope.kind === 'owner' ? { userId: query.scope.id } : {}),
        statuses,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      const now = app.clock();
      return { total: page.total, records: page.rows.map((row) => toRecord(app, row, user, query.locale, now)) };
    },
    aggregate: (query, ask) => applicationFigures(app, query, ask),
    transitions: {
      async withdraw({ id, version, user, request }) {
        const row = await findApplicationById(app.database.db, id);
        // Somebody else's application is as absent as one that does not exist (SECURITY R16).
        if (!row || row.userId !== user.id) throw new AppError(404, 'applicationNotFound');
        const updated = await withdrawApplication(app, request, user, row, version);
        const locale = requestLocale(request);
        return {
          record: toRecord(app, { ...updated, applicantName: user.fullname }, user, locale, app.clock()),
          message: serverMessage('withdrawn', locale),
        };
      },
    },
  };
}

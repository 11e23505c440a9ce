import type { FastifyInstance } from 'fastify';
import applicationDetailQuerySchema from '../../../../schemas/api/application-detail-query.schema.json';
import applicationPageRequestSchema from '../../../../schemas/api/application-page-request.schema.json';
import applicationListItemSchema from '../../../../schemas/api/application-list-item.schema.json';
import applicationViewSchema from '../../../../schemas/api/application-view.schema.json';
import reviewRequestSchema from '../../../../schemas/api/review-request.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { APPLICATION_WORKFLOW, nextStatus, REVIEWABLE_STATUSES } from '../../../shared/activity/application-status';
import type { AuditEvent } from '../../../shared/audit/audit-events';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { ApplicationDetailQuery } from '../../../shared/generated/application-detail-query';
import type { ApplicationPageRequest } from '../../../shared/generated/application-page-request';
import type { ReviewRequest } from '../../../shared/generated/review-request';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { noteRequired } from '../../lib/note-required';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { deliverNotices } from '../../services/notifications/deliver-notices';
import type { NoticeDelivery } from '../../services/notifications/write-notices';
import { activityTitle, versionConflict } from './application-context';
import { findApplicationById, listApplications, transition } from './application-store';
import { rowStatus, toListItem } from './application-view';
import { findUserName } from './find-user-name';
import { requireReviewable } from './require-reviewable';
import { reviewerView } from './reviewer-view';
import { writeApplicationNotices } from './write-application-notices';

const TAGS = ['申报审核'];
// Spec §6: query lists, get opens one, update decides. The route-access hook answers 401 or 403.
const QUERY = { permission: `${PERMISSION_IDS.application}.query` };
const GET = { permission: `${PERMISSION_IDS.application}.get` };
const UPDATE = { permission: `${PERMISSION_IDS.application}.update` };

/** The audit event of each review decision. */
const REVIEW_EVENTS: Record<ReviewRequest['action'], AuditEvent> = {
  return: 'APPLICATION_RETURNED',
  approve: 'APPLICATION_APPROVED',
  reject: 'APPLICATION_REJECTED',
};

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ApplicationPageRequest }>(
    ENDPOINTS.reviewList,
    {
      config: { access: QUERY },
      schema: {
        summary: '待审核与已审核的申报（分页，需 application.query）(queryApplicationList)',
        tags: TAGS,
        body: applicationPageRequestSchema,
        response: okResponse(pageOf(applicationListItemSchema)),
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, status } = request.body;
      const statuses = status === undefined ? [...REVIEWABLE_STATUSES] : REVIEWABLE_STATUSES.filter((entry) => entry === status);
      const page = statuses.length === 0 ? { total: 0, rows: [] } : await listApplications(app.database.db, { statuses, pageNo, pageSize });
      return ok({
        total: page.total,
        records: page.rows.map((row) => toListItem(row, activityTitle(app, row.activityId, locale), row.applicantName)),
      });
    },
  );

  app.get<{ Querystring: ApplicationDetailQuery }>(
    ENDPOINTS.reviewDetail,
    {
      config: { access: GET },
      schema: {
        summary: '申报详情（需 application.get）(detail)',
        tags: TAGS,
        querystring: applicationDetailQuerySchema,
        response: okResponse(applicationViewSchema),
      },
    },
    async (request) => {
      const row = await requireReviewable(app, request.query.id);
      return ok(await reviewerView(app, row));
    },
  );

  app.post<{ Body: ReviewRequest }>(
    ENDPOINTS.review,
    {
      config: { access: UPDATE, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: '审核：退回修改、通过或不通过（需 application.update）(review)',
        tags: TAGS,
        body: reviewRequestSchema,
        response: okResponse(applicationViewSchema),
      },
    },
    async (request) => {
      const reviewer = requireUser(request);
      const locale = requestLocale(request);
      const { applicationId, action, version, note } = request.body;
      const row = await requireReviewable(app, applicationId);
      // Nobody reviews their own application (SECURITY R18).
      if (row.userId === reviewer.id) throw new AppError(403, 'ownApplication');
      const from = rowStatus(row);
      const to = nextStatus(from, action);
      if (!to) throw new AppError(409, 'illegalTransition');
      if (row.version !== version) throw versionConflict(row);
      const trimmedNote = note?.trim();
      const kept = trimmedNote ? trimmedNote : undefined;
      // The workflow asks a reason to return or reject, and the applicant is told it (notify's {note}).
      if (APPLICATION_WORKFLOW.transitions[action]?.note === 'required' && !kept) throw noteRequired(locale);
      const event = REVIEW_EVENTS[action];
      const now = app.clock();
      const applicantName = await findUserName(app.database.db, row.userId);
      const deliveries: NoticeDelivery[] = [];
      const updated = await transition(app.database.db, {
        id: row.id,
        version,
        action,
        from,
        to,
        actorId: reviewer.id,
        note: kept,
        now,
        // In the decision's own transaction: no decision without its notices and its audit row, the last write (SECURITY R32).
        // The note is not audited (it may hold personal data); the applicant is told it.
        after: async (tx, changed) => {
          deliveries.push(
            ...(await writeApplicationNotices(app, tx, { row: changed, action, applicantName, actorId: reviewer.id, note: kept, now })),
          );
          await auditRequest(
            request,
            { event, result: 'success', action: UPDATE.permission, objectType: 'application', objectId: changed.id },
            tx,
          );
        },
      });
      if (!updated) throw versionConflict((await findApplicationById(app.database.db, row.id)) ?? row);
      // Committed: only now do the notices' SMS go out, and a failed one is logged, never the decision's failure.
      await deliverNotices(app, request.log, deliveries);
      return ok(await reviewerView(app, updated), serverMessage('reviewed', locale));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import applicationDetailQuerySchema from '../../../../schemas/api/application-detail-query.schema.json';
import applicationPageRequestSchema from '../../../../schemas/api/application-page-request.schema.json';
import reviewRequestSchema from '../../../../schemas/api/review-request.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { nextStatus, type ApplicationStatus } from '../../../shared/activity/application-status';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { ApplicationDetailQuery } from '../../../shared/generated/application-detail-query';
import type { ApplicationPageRequest } from '../../../shared/generated/application-page-request';
import type { ReviewRequest } from '../../../shared/generated/review-request';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { findUserName } from './find-user-name';
import { activityTitle, versionConflict } from './application-context';
import { findApplicationById, listApplications, transition, type ApplicationRow } from './application-store';
import { rowStatus, toApplicationView, toListItem } from './application-view';
import { requireReviewer } from './require-reviewer';

const TAGS = ['申报审核'];
// A draft is the applicant's own business: reviewers see an application once it was submitted.
const REVIEWABLE: ApplicationStatus[] = ['submitted', 'returned', 'approved', 'rejected'];

/** An application a reviewer may see; drafts and unknown ids are the same 404. */
async function requireReviewable(app: FastifyInstance, id: string): Promise<ApplicationRow> {
  const row = await findApplicationById(app.database.db, id);
  if (!row || !REVIEWABLE.includes(rowStatus(row))) throw new AppError(404, 'notFound');
  return row;
}

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ApplicationPageRequest }>(
    ENDPOINTS.reviewList,
    {
      config: { access: 'user' },
      schema: { summary: '待审核与已审核的申报（分页，审核人）(queryApplicationList)', tags: TAGS, body: applicationPageRequestSchema },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      requireReviewer(request);
      const locale = requestLocale(request);
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, status } = request.body;
      const statuses = status === undefined ? REVIEWABLE : REVIEWABLE.filter((entry) => entry === status);
      const page = statuses.length === 0 ? { total: 0, rows: [] } : await listApplications(app.database.db, { statuses, pageNo, pageSize });
      return ok({ total: page.total, records: page.rows.map((row) => toListItem(row, activityTitle(app, row.activityId, locale), row.applicantName)) });
    },
  );

  app.get<{ Querystring: ApplicationDetailQuery }>(
    ENDPOINTS.reviewDetail,
    { config: { access: 'user' }, schema: { summary: '申报详情（审核人）(detail)', tags: TAGS, querystring: applicationDetailQuerySchema } },
    async (request) => {
      requireReviewer(request);
      const row = await requireReviewable(app, request.query.id);
      return ok(toApplicationView(row, { applicantName: await findUserName(app.database.db, row.userId) }));
    },
  );

  app.post<{ Body: ReviewRequest }>(
    ENDPOINTS.review,
    { config: { access: 'user', rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { summary: '审核：退回修改、通过或不通过 (review)', tags: TAGS, body: reviewRequestSchema } },
    async (request) => {
      const reviewer = requireReviewer(request);
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
      const updated = await transition(app.database.db, { id: row.id, version, action, from, to, actorId: reviewer.id, note: trimmedNote ? trimmedNote : undefined, now: app.clock() });
      if (!updated) throw versionConflict((await findApplicationById(app.database.db, row.id)) ?? row);
      return ok(toApplicationView(updated, { applicantName: await findUserName(app.database.db, updated.userId) }), serverMessage('reviewed', locale));
    },
  );
}

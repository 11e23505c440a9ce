import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import activityDetailSchema from '../../../../schemas/api/activity-detail.schema.json';
import activitySummarySchema from '../../../../schemas/api/activity-summary.schema.json';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { oneStringSchema } from '../../lib/one-string-schema';
import { byOpensAtDesc, toActivityDetail, toActivitySummary } from './activity-views';

const paramsSchema = oneStringSchema('id', { pattern: '^[a-z][a-z0-9-]{1,63}$' });

/** The activities are public: anyone may read what is open and which steps it asks for. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get(ENDPOINTS.activities, { config: { access: 'public' }, schema: { summary: '申报活动列表（按开始时间倒序）', tags: ['申报活动'], response: okResponse({ type: 'array', items: activitySummarySchema }) } }, async () => {
    const now = app.clock();
    return ok(app.activities.list().sort(byOpensAtDesc).map((activity) => toActivitySummary(activity, now)));
  });

  app.get<{ Params: { id: string } }>(
    ENDPOINTS.activity,
    { config: { access: 'public' }, schema: { summary: '申报活动详情（含各步骤的规范 schema）', tags: ['申报活动'], params: paramsSchema, response: okResponse(activityDetailSchema) } },
    async (request) => {
      const activity = app.activities.get(request.params.id);
      if (!activity) throw new AppError(404, 'notFound');
      return ok(toActivityDetail(activity, app.clock()));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import activityDetailSchema from '../../../../schemas/api/activity-detail.schema.json';
import activitySummarySchema from '../../../../schemas/api/activity-summary.schema.json';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { oneStringSchema } from '../../lib/one-string-schema';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import { byOpensAtDesc, toActivityDetail, toActivitySummary } from '../units/activity-views';

const paramsSchema = oneStringSchema('id', { pattern: '^[a-z][a-z0-9-]{1,63}$' });
const versionQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { type: 'string', pattern: '^[0-9a-f]{64}$', title: '草稿开始时的版本（applications 的 schemaVersion）；省略为线上版本' },
  },
};

/** The activities are public: anyone may read what is open and which steps it asks for. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    ENDPOINTS.activities,
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '申报活动列表（按开始时间倒序；不含已停用的活动）',
        tags: ['申报活动'],
        response: okResponse({ type: 'array', items: activitySummarySchema }),
      },
    },
    async () => {
      const now = app.clock();
      return ok(
        app.activities
          .list()
          // A retired activity is never deleted (its drafts and records still need it), only left out (ADR 0040).
          .filter((activity) => activity.definition.manifest.retired !== true)
          .sort(byOpensAtDesc)
          .map((activity) => toActivitySummary(activity, now)),
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: { version?: string } }>(
    ENDPOINTS.activity,
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '申报活动详情（含各步骤的规范 schema；可指定草稿开始时的版本）',
        tags: ['申报活动'],
        params: paramsSchema,
        querystring: versionQuerySchema,
        response: okResponse(activityDetailSchema),
      },
    },
    async (request) => {
      const live = app.activities.get(request.params.id);
      if (!live) throw new AppError(404, 'notFound');
      const { version } = request.query;
      // A draft pinned to an earlier version is shown with that version's steps and the live window (ADR 0026).
      const pinned =
        version && version !== live.definition.version ? await app.schemaSync.activityAt(live.definition.id, version) : undefined;
      if (!pinned) return ok(toActivityDetail(live, app.clock()));
      const detail = toActivityDetail(pinned, app.clock());
      const { window, state } = toActivityDetail(live, app.clock());
      return ok({ ...detail, window, state });
    },
  );
}

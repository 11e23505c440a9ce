import type { FastifyInstance } from 'fastify';
import activityRequestSchema from '../../../../schemas/api/activity-request.schema.json';
import applicationViewSchema from '../../../../schemas/api/application-view.schema.json';
import resourceSaveRequestSchema from '../../../../schemas/api/resource-save-request.schema.json';
import { formResourcePath } from '../../../shared/api/endpoints';
import { STEP_RESOURCES, type StepResource } from '../../../shared/activity/activity-definition';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { ActivityRequest } from '../../../shared/generated/activity-request';
import type { ResourceSaveRequest } from '../../../shared/generated/resource-save-request';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { requireActivity } from './application-context';
import { findApplication } from './application-store';
import { saveStep } from './save-step';

const TAGS = ['申报（按资源）'];

/** One step's data, sent as it was saved (null before the first save). */
const STEP_DATA = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'data'],
  properties: {
    version: { type: 'integer', minimum: 0, title: '版本号（尚无申报时为 0）' },
    data: { title: '该步骤已保存的数据（没有时为 null）' },
  },
};

/** The step of the activity whose manifest `resource` is this one; 404 when the activity has none. */
function stepFor(activity: CompiledActivity, resource: StepResource): string {
  const step = activity.definition.steps.find((entry) => entry.resource === resource);
  if (!step) throw new AppError(404, 'notFound');
  return step.key;
}

/**
 * The spec's per-resource calls (`/sys/form/data/<resource>/query` and `/saveOrUpdate`), each an alias
 * of one step. Registered as fixed paths, not `/:resource/…`, so `attachment/query` can never be
 * taken for the download route `attachment/:id`.
 */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of STEP_RESOURCES) {
    app.get<{ Querystring: ActivityRequest }>(
      formResourcePath('query', resource),
      {
        config: { access: 'user' },
        schema: {
          summary: `读取 ${resource} 对应步骤的数据`,
          tags: TAGS,
          querystring: activityRequestSchema,
          response: okResponse(STEP_DATA),
        },
      },
      async (request) => {
        const user = requireUser(request);
        const activity = requireActivity(app, request.query.activityId);
        const step = stepFor(activity, resource);
        const row = await findApplication(app.database.db, user.id, activity.definition.id);
        // No application yet: version 0 and no data; firstSaveFormData creates one.
        return ok({ version: row?.version ?? 0, data: row?.data[step] ?? null });
      },
    );

    app.post<{ Body: ResourceSaveRequest }>(
      formResourcePath('save', resource),
      {
        config: { access: 'user', rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: {
          summary: `保存 ${resource} 对应步骤的数据（带版本号）`,
          tags: TAGS,
          body: resourceSaveRequestSchema,
          response: okResponse(applicationViewSchema),
        },
      },
      async (request) => {
        const user = requireUser(request);
        const locale = requestLocale(request);
        const activity = requireActivity(app, request.body.activityId);
        const step = stepFor(activity, resource);
        const view = await saveStep(
          app,
          { userId: user.id, activityId: activity.definition.id, step, version: request.body.version, data: request.body.data },
          locale,
        );
        return ok(view, serverMessage('saved', locale));
      },
    );
  }
}

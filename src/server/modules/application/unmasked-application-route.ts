import type { FastifyInstance } from 'fastify';
import applicationDetailQuerySchema from '../../../../schemas/api/application-detail-query.schema.json';
import applicationViewSchema from '../../../../schemas/api/application-view.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { applicationMaskedPaths } from '../../../shared/activity/mask-application-data';
import type { ApplicationDetailQuery } from '../../../shared/generated/application-detail-query';
import { UNMASK_ACTION } from '../../../shared/permissions/action-keys';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { auditRequest } from '../../services/audit/request-audit';
import { requireReviewable } from './require-reviewable';
import { reviewerView } from './reviewer-view';

const UNMASK = { permission: `${PERMISSION_IDS.application}.${UNMASK_ACTION}` };

/**
 * GET /sys/form/data/detail/unmasked (SECURITY R35, ADR 0065): the application as the review detail
 * shows it, its personal fields (x-mask in the activity's steps) in full, for a holder of
 * application.unmask. Each answer is one PI_VIEW audit row naming the fields, never their values
 * (R32); 60 a minute per user, as the resource engine's unmasked view.
 */
export async function unmaskedApplicationRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ApplicationDetailQuery }>(
    ENDPOINTS.reviewDetailUnmasked,
    {
      config: { access: UNMASK, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: '申报详情，个人信息不脱敏（需 application.unmask，每次查看记入审计日志）',
        tags: ['申报审核'],
        querystring: applicationDetailQuerySchema,
        response: okResponse(applicationViewSchema),
      },
    },
    async (request) => {
      const row = await requireReviewable(app, request.query.id);
      const steps = app.activities.get(row.activityId)?.definition.steps ?? [];
      await auditRequest(request, {
        event: 'PI_VIEW',
        result: 'success',
        objectType: 'application',
        objectId: row.id,
        action: UNMASK.permission,
        reason: applicationMaskedPaths(steps).join(',') || null,
      });
      return ok(await reviewerView(app, row, { unmasked: true }));
    },
  );
}

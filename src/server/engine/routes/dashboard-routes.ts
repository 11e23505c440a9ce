import type { FastifyInstance } from 'fastify';
import dashboardQuerySchema from '../../../../schemas/api/dashboard-query.schema.json';
import dashboardSummarySchema from '../../../../schemas/api/dashboard-summary.schema.json';
import dashboardSchema from '../../../../schemas/api/dashboard.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { DashboardQuery } from '../../../shared/generated/dashboard-query';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { dashboardOf, dashboardsOf } from '../records/dashboard-figures';

/**
 * 统计看板 (ADR 0037): GET /api/dashboards lists the dashboard files with a widget the caller may read;
 * GET /api/dashboards/:name computes that dashboard's figures, each widget through its list's own
 * scope. Any logged-in user: what they see is what their permissions, units and jurisdiction give them.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    ENDPOINTS.dashboards,
    {
      config: { access: 'user' },
      schema: {
        summary: '统计看板：我可查看的看板（至少有一个组件的列表我可读）',
        tags: ['资源'],
        response: okResponse({ type: 'array', items: dashboardSummarySchema }),
      },
    },
    async (request) => ok(await dashboardsOf(app, requireUser(request), requestLocale(request))),
  );
  app.get(
    ENDPOINTS.dashboard,
    {
      config: { access: 'user' },
      schema: {
        summary: '统计看板的数据：每个我可查看的组件的数字（与对应列表相同的范围，在 SQL 中统计）',
        tags: ['资源'],
        params: dashboardQuerySchema,
        response: okResponse(dashboardSchema),
      },
    },
    async (request) => {
      const { name } = request.params as DashboardQuery;
      const dashboard = await dashboardOf(app, app.listSources, name, requireUser(request), requestLocale(request));
      // An unknown dashboard and one with nothing the caller may read look alike: no telling which exist.
      if (!dashboard) throw new AppError(404, 'dashboardNotFound');
      return ok(dashboard);
    },
  );
}

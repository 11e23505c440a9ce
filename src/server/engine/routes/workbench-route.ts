import type { FastifyInstance } from 'fastify';
import workbenchSchema from '../../../../schemas/api/workbench.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { requestLocale } from '../../i18n/request-locale';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { workbenchOf } from '../records/workbench-queues';

/**
 * GET /api/workbench (工作台): every queue the caller works, built from the workflows' waitsFor states
 * and counted by the lists' own queries (workbench-queues.ts). Any logged-in user: what they see is
 * what their permissions, units and jurisdiction give them, and an applicant sees their own waiting records.
 */
export async function workbenchRoute(app: FastifyInstance): Promise<void> {
  app.get(
    ENDPOINTS.workbench,
    {
      config: { access: 'user' },
      schema: {
        summary: '工作台：我可处理的待办队列（数量、最早等待时间、列表链接）与等我处理的记录',
        tags: ['资源'],
        response: okResponse(workbenchSchema),
      },
    },
    async (request) => ok(await workbenchOf(app, app.listSources, requireUser(request), requestLocale(request))),
  );
}

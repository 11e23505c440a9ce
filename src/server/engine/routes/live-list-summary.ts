import type { FastifyInstance, FastifyRequest } from 'fastify';
import listSummaryEntrySchema from '../../../../schemas/api/list-summary-entry.schema.json';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import type { RouteAccess } from '../../plugins/route-access';
import { listAccess } from '../records/list-access';
import { listQueryOf } from '../records/list-page';
import { summarizeRecords } from '../records/list-records';
import { callerWhenPublic, checkListRequest, listReader, liveListOf, type LiveList } from './live-list';
import { requestInput } from '../../lib/request-input';

export const SUMMARY_RESPONSE = okResponse({ type: 'array', items: listSummaryEntrySchema });

/**
 * The live list when it has a summary the engine serves now (ADR 0049): a summary counts the records
 * table, so a folder whose records a module keeps (source) has none; a list that lost its summary, or is
 * gone, has none either.
 */
export function liveSummaryOf(app: FastifyInstance, resourceName: string, listName: string): LiveList | undefined {
  const live = liveListOf(app, resourceName, listName);
  return live && live.list.summary !== undefined && live.resource.resource.source === undefined ? live : undefined;
}

/** A summary route's access now: its live list's; 'public' when there is no summary, so that every caller gets the 404. */
export function liveSummaryAccess(app: FastifyInstance, resourceName: string, listName: string): RouteAccess {
  const live = liveSummaryOf(app, resourceName, listName);
  return live ? listAccess(live.resource.resource.permission, live.list) : 'public';
}

/**
 * A live list's summary, for its start-up route, its aliases and the parametric route: 404 when the
 * live list has no summary, 400 for a request the live list refuses, then the list's scope for this
 * caller, grouped by the live summary's field and grouping.
 */
export async function answerSummary(app: FastifyInstance, request: FastifyRequest, resourceName: string, listName: string) {
  const live = liveSummaryOf(app, resourceName, listName);
  const grouping = live?.list.summary;
  if (!live || !grouping) throw new AppError(404, 'notFound');
  const input = checkListRequest(request, live, requestInput(request));
  const query = await listQueryOf(app, live.resource, live.list, listReader(request, live), input);
  return ok(query ? await summarizeRecords(app.database.db, query, grouping.field, grouping.by) : []);
}

interface ListParams {
  resource: string;
  list: string;
}

/**
 * The summaries a publication added after start-up (ADR 0049), like the lists of ADR 0042: one
 * parametric route, registered once; find-my-way prefers a start-up summary's static route. Declared
 * 'public' (a list for visitors may have one); route access applies the live list's access first.
 */
export function liveSummaryRoute(app: FastifyInstance): void {
  const params = (request: { params: unknown }): ListParams => request.params as ListParams;
  app.post(
    '/resources/:resource/lists/:list/summary',
    {
      config: {
        access: 'public',
        accessNow: (request) => liveSummaryAccess(app, params(request).resource, params(request).list),
        readOnly: true,
      },
      schema: {
        summary: '在线发布后新增的列表统计（谁可调用由该列表的 scope 和 audience 决定）',
        tags: ['资源：在线发布的列表'],
        // The request is checked against the live list's own schema in the handler.
        body: { type: 'object' },
        response: SUMMARY_RESPONSE,
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      onRequest: callerWhenPublic,
    },
    async (request) => answerSummary(app, request, params(request).resource, params(request).list),
  );
}

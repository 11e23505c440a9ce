import type { FastifyInstance } from 'fastify';
import recordViewSchema from '../../../../schemas/api/record-view.schema.json';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { okResponse, pageOf } from '../../lib/ok-response';
import { answerList, callerWhenPublic, liveListAccess } from './live-list';

interface ListParams {
  resource: string;
  list: string;
}

/** A bodyless POST means "the first page". */
async function emptyBodyIsFirstPage(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * The lists a studio publication added after start-up (ADR 0042): one parametric route, registered
 * once, that serves whatever list the live folder has now. find-my-way prefers the static routes, so
 * a list known at start-up keeps its own route (with its OpenAPI entry and its reviewed access) and
 * only the others reach this one. Its declared access is 'public' because a new list may be for
 * visitors; route access applies the live list's own (accessNow) before the handler runs, with the
 * same 401 and 403 as a static route, and an unknown list is a 404 for everyone.
 */
export function liveListRoute(app: FastifyInstance): void {
  const params = (request: { params: unknown }): ListParams => request.params as ListParams;
  app.post(
    '/resources/:resource/lists/:list',
    {
      config: {
        access: 'public',
        accessNow: (request) => liveListAccess(app, params(request).resource, params(request).list),
        readOnly: true,
      },
      schema: {
        summary: '在线发布后新增的列表（分页；谁可调用由该列表的 scope 和 audience 决定）',
        tags: ['资源：在线发布的列表'],
        // The request is checked against the live list's own schema in the handler.
        body: { type: 'object' },
        response: okResponse(pageOf(recordViewSchema as JsonSchema)),
      },
      preValidation: emptyBodyIsFirstPage,
      onRequest: callerWhenPublic,
    },
    async (request) => answerList(app, request, params(request).resource, params(request).list),
  );
}

import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import recordDeleteRequestSchema from '../../../../schemas/api/record-delete-request.schema.json';
import recordIdQuerySchema from '../../../../schemas/api/record-id-query.schema.json';
import recordUpdateRequestSchema from '../../../../schemas/api/record-update-request.schema.json';
import resourceDefinitionSchema from '../../../../schemas/api/resource-definition.schema.json';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import type { RouteAccess } from '../../plugins/route-access';
import { definitionOf } from '../units/definition-of';
import type { CompiledResource } from '../units/resource-registry';
import { RESOURCE_FROM_PATH } from '../write/write-pipeline';
import { callerWhenPublic } from './live-list';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import { createAccessOf, detailAccessOf } from './record-route-access';
import {
  createRecordHandler,
  DELETED_RESPONSE,
  DETAIL_RESPONSE,
  deleteRecordHandler,
  RECORD_RESPONSE,
  recordDetailHandler,
  updateRecordHandler,
} from './record-handlers';

const TAGS = ['资源：在线新建的记录类型'];

/** The folder a parametric route serves: a live folder whose records the engine keeps (a module's `source` has no record routes). */
function liveFolder(app: FastifyInstance, request: FastifyRequest): CompiledResource | undefined {
  const name = (request.params as { resource?: string }).resource;
  const resource = name === undefined ? undefined : app.resources.get(name);
  return resource && resource.resource.source === undefined ? resource : undefined;
}

/**
 * The access a route has now, from the live folder; a folder that is not live is 'public' here, so that
 * every caller gets the handler's 404 rather than a 401 that says it exists.
 */
function accessOf(app: FastifyInstance, of: (resource: CompiledResource) => RouteAccess): (request: FastifyRequest) => RouteAccess {
  return (request) => {
    const resource = liveFolder(app, request);
    return resource ? of(resource) : 'public';
  };
}

/** Runs the folder's own handler (record-handlers.ts, the one the start-up routes run), or 404. */
function served(
  app: FastifyInstance,
  handlerOf: (app: FastifyInstance, resource: CompiledResource) => RouteHandlerMethod,
): RouteHandlerMethod {
  return async function (request, reply) {
    const resource = liveFolder(app, request);
    if (!resource) throw new AppError(404, 'notFound');
    return handlerOf(app, resource).call(app, request, reply);
  };
}

/**
 * The records of a resource folder that went live after start-up (a record type created in the studio on
 * this process or another, ADR 0047): parametric routes registered once at start-up, for whatever folder
 * is live at the request. find-my-way prefers static routes, so a folder read at start-up keeps its own
 * routes (with their OpenAPI entries and reviewed access), and only the others reach these. Each declares
 * the widest access its action may have and gives the live folder's in `accessNow`, with the same 401
 * and 403 as the static route; the write pipeline checks a record against the live record schema
 * (config.resource names the path's folder); the handlers are the start-up routes' own. A folder that is
 * not live, or whose records a module keeps, is a 404 for everyone. Lists are the live list route's
 * (live-list-route.ts) and transitions the live transition route's.
 */
export function liveRecordRoutes(app: FastifyInstance): void {
  app.post(
    '/resources/:resource/create',
    {
      config: {
        access: 'public',
        accessNow: accessOf(app, createAccessOf),
        resource: { name: RESOURCE_FROM_PATH, write: 'create' },
        idempotent: true,
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      schema: { summary: '新建记录（在线新建的记录类型；按该类型的记录 schema 校验）', tags: TAGS, response: RECORD_RESPONSE },
      onRequest: callerWhenPublic,
    },
    served(app, createRecordHandler),
  );
  app.post(
    '/resources/:resource/update',
    {
      config: { access: 'public', accessNow: accessOf(app, () => 'user'), resource: { name: RESOURCE_FROM_PATH, write: 'update' } },
      schema: {
        summary: '修改记录（在线新建的记录类型；带版本号，版本过期时 409）',
        tags: TAGS,
        body: recordUpdateRequestSchema,
        response: RECORD_RESPONSE,
      },
    },
    served(app, updateRecordHandler),
  );
  app.post(
    '/resources/:resource/delete',
    {
      config: { access: 'public', accessNow: accessOf(app, () => 'user') },
      schema: {
        summary: '删除记录（在线新建的记录类型；仅所有者，仅可编辑的状态）',
        tags: TAGS,
        body: recordDeleteRequestSchema,
        response: DELETED_RESPONSE,
      },
    },
    served(app, deleteRecordHandler),
  );
  app.get(
    '/resources/:resource/detail',
    {
      config: { access: 'public', accessNow: accessOf(app, detailAccessOf) },
      schema: { summary: '记录详情与历史（在线新建的记录类型）', tags: TAGS, querystring: recordIdQuerySchema, response: DETAIL_RESPONSE },
      onRequest: callerWhenPublic,
    },
    served(app, recordDetailHandler),
  );
  // Public, like the start-up folders' definitions: what a page looks like is no secret, the records are.
  app.get(
    '/resources/:resource/definition',
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '记录类型的定义（在线新建的记录类型：表单、列表、工作流）',
        tags: TAGS,
        response: okResponse(resourceDefinitionSchema),
      },
    },
    async (request) => {
      const resource = liveFolder(app, request);
      if (!resource) throw new AppError(404, 'notFound');
      return ok(definitionOf(resource));
    },
  );
}

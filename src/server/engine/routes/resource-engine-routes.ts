import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import recordDeleteRequestSchema from '../../../../schemas/api/record-delete-request.schema.json';
import recordIdQuerySchema from '../../../../schemas/api/record-id-query.schema.json';
import recordTransitionRequestSchema from '../../../../schemas/api/record-transition-request.schema.json';
import recordUpdateRequestSchema from '../../../../schemas/api/record-update-request.schema.json';
import recordViewSchema from '../../../../schemas/api/record-view.schema.json';
import resourceDefinitionSchema from '../../../../schemas/api/resource-definition.schema.json';
import type { RecordIdQuery } from '../../../shared/generated/record-id-query';
import type { ResourceFile } from '../../../shared/generated/resource-file';
import { listRequestSchema } from '../../../shared/resource/list-fields';
import { type WorkflowTransition } from '../../../shared/resource/workflow-rules';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { requestLocale } from '../../i18n/request-locale';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import type { ListSource, ListSources } from '../records/list-source';
import { listAccess } from '../records/list-access';
import { resourceBasePath } from '../units/resource-paths';
import type { CompiledResource } from '../units/resource-registry';
import { offersUnmask } from '../units/offered-actions';
import { definitionOf } from '../units/definition-of';
import { GET_ALIAS_QUERY } from './get-alias-query';
import { liveUnmaskedFieldsRoute, registerUnmaskedFieldsRoute } from './unmasked-fields-route';
import { liveResourceCaptchaRoute, registerResourceCaptchaRoute } from './resource-captcha-route';
import { aliasKey, OWN_PLUGIN_ALIAS_ACTIONS, type ResourceAlias } from '../units/resource-alias';
import { listInputFromQuery } from './list-input-from-query';
import { liveAliasRoutes } from './live-alias-routes';
import { startUpAliasHooks } from './repointed-alias';
import { answerList, callerWhenPublic, liveListAccess, liveListOf, liveListRequest, noStartUpCheck } from './live-list';
import { liveListRoute } from './live-list-route';
import { answerSummary, liveSummaryAccess, liveSummaryRoute, SUMMARY_RESPONSE } from './live-list-summary';
import {
  createRecordHandler,
  DELETED_RESPONSE,
  DETAIL_RESPONSE,
  deleteRecordHandler,
  RECORD_RESPONSE,
  recordDetailHandler,
  updateRecordHandler,
} from './record-handlers';
import { liveRecordRoutes } from './live-record-routes';
import { answerTransition, liveTransitionAccess, transitionAccess } from './live-transition';
import { liveTransitionRoute } from './live-transition-route';
import { workflowRecordProblems } from '../units/workflow-record-problems';
import { createAccessOf, detailAccessOf } from './record-route-access';
import { resourceKeyRecordProblems } from '../units/resource-key-record-problems';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import { candidateRowActionProblems, sourceRowActionProblems } from './source-row-action-problems';
import { requestInput } from '../../lib/request-input';

type Action = NonNullable<ResourceFile['aliases']>[number]['action'];

/** One generic route of a resource, before it is mounted at its own path and at any spec alias. */
interface EngineRoute {
  action: Action;
  /** The list or transition it serves. */
  name?: string;
  method: 'GET' | 'POST';
  path: string;
  access: RouteAccess;
  /** The access it has now, where a publication may change it (route-access.ts accessNow). */
  accessNow?: (request: FastifyRequest) => RouteAccess;
  summary: string;
  options: Partial<RouteOptions>;
  handler: RouteHandlerMethod;
}

const PAGE_RESPONSE = okResponse(pageOf(recordViewSchema as JsonSchema));

const ACTOR_NAMES: Record<WorkflowTransition['actor'], string> = {
  owner: '所有者',
  reviewer: '审核人',
  orgAdmin: '本单位管理员',
  addressee: '受邀人',
  system: '系统',
};

/** A GET route (and its HEAD twin) reads its input from the query string, a POST route from the body. */
function inputOf<T>(request: FastifyRequest): T {
  return requestInput(request) as T;
}

async function versionAsNumber(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  if (typeof query['version'] === 'string') query['version'] = Number(query['version']);
}

/** A bodyless POST means "the first page". */
async function emptyBodyIsFirstPage(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/** The routes that write and read the records table: a resource with a source has none of them (its module does). */
function recordRoutes(app: FastifyInstance, resource: CompiledResource): EngineRoute[] {
  const { name } = resource;
  const base = resourceBasePath(name);
  const permission = resource.resource.permission;
  const routes: EngineRoute[] = [];

  routes.push({
    action: 'create',
    method: 'POST',
    path: `${base}/create`,
    access: resource.resource.createAction
      ? { permission: `${permission}.${resource.resource.createAction}` }
      : resource.resource.anonymousCreate
        ? 'public'
        : 'user',
    summary: `新建${resource.resource.title}`,
    // createAction and anonymousCreate are read at each request (ADR 0048): the declared access is the start-up one.
    accessNow: () => createAccessOf(resource),
    options: {
      config: { resource: { name, write: 'create' }, idempotent: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { response: RECORD_RESPONSE },
      onRequest: callerWhenPublic,
    },
    handler: createRecordHandler(app, resource),
  });

  routes.push({
    action: 'update',
    method: 'POST',
    path: `${base}/update`,
    access: 'user',
    summary: `修改${resource.resource.title}（带版本号；版本过期时 409）`,
    options: { config: { resource: { name, write: 'update' } }, schema: { body: recordUpdateRequestSchema, response: RECORD_RESPONSE } },
    handler: updateRecordHandler(app, resource),
  });

  const remove = deleteRecordHandler(app, resource);
  routes.push({
    action: 'delete',
    method: 'POST',
    path: `${base}/delete`,
    access: 'user',
    summary: `删除${resource.resource.title}（仅所有者，仅可编辑的状态）`,
    options: { schema: { body: recordDeleteRequestSchema, response: DELETED_RESPONSE } },
    handler: remove,
  });

  // Records open to visitors (resource.json visitors: published news) are read without a token.
  const visitors = resource.resource.visitors;
  routes.push({
    action: 'detail',
    method: 'GET',
    path: `${base}/detail`,
    access: visitors ? 'public' : 'user',
    summary: `${resource.resource.title}详情与历史（自己的，或持有 ${permission}.get 时他人已提交的${visitors ? `；${visitors.states.join('、')} 状态的无需登录` : ''}）`,
    // visitors is read at each request (ADR 0048): removed, the detail needs a login again.
    accessNow: () => detailAccessOf(resource),
    options: {
      schema: { querystring: recordIdQuerySchema, response: DETAIL_RESPONSE },
      onRequest: callerWhenPublic,
    },
    handler: recordDetailHandler(app, resource),
  });

  return routes;
}

/** The engine's routes for one resource, each with the access its file declares. */
function engineRoutes(app: FastifyInstance, resource: CompiledResource, source: ListSource | undefined): EngineRoute[] {
  const { name, workflow } = resource;
  const base = resourceBasePath(name);
  const permission = resource.resource.permission;
  const routes: EngineRoute[] = source ? [] : recordRoutes(app, resource);
  const sourceDetail = source?.detail?.bind(source);
  if (sourceDetail) {
    routes.push({
      action: 'detail',
      method: 'GET',
      path: `${base}/detail`,
      access: 'user',
      summary: `${resource.resource.title}详情与历史（数据来源决定谁可查看）`,
      options: { schema: { querystring: recordIdQuerySchema, response: DETAIL_RESPONSE } },
      handler: async (request) => ok(await sourceDetail(inputOf<RecordIdQuery>(request).id, requireUser(request), requestLocale(request))),
    });
  }

  for (const [listName, list] of Object.entries(resource.lists)) {
    const forVisitors = list.audience === 'public';
    const body = listRequestSchema(list, resource.record, workflow);
    routes.push({
      action: 'list',
      name: listName,
      method: 'POST',
      path: `${base}/lists/${listName}`,
      access: listAccess(permission, list),
      // A publication may change the list's scope, audience and request (ADR 0042): read at each request.
      accessNow: () => liveListAccess(app, name, listName),
      summary: `${list.title}（分页${forVisitors ? '，无需登录' : ''}）`,
      options: {
        // A read, whose filters travel in the body: counted in a visitor's read budget (R28).
        config: { readOnly: true },
        schema: { body, response: PAGE_RESPONSE },
        validatorCompiler: noStartUpCheck,
        preValidation: emptyBodyIsFirstPage,
        onRequest: callerWhenPublic,
      },
      handler: async (request) => answerList(app, request, name, listName),
    });
    if (list.summary && !source) {
      routes.push({
        action: 'summary',
        name: listName,
        method: 'POST',
        path: `${base}/lists/${listName}/summary`,
        access: listAccess(permission, list),
        // A publication may change or remove the summary (ADR 0049): its access and the handler read the live list.
        accessNow: () => liveSummaryAccess(app, name, listName),
        summary: `${list.title}：按${list.summary.by === 'month' ? '月' : '值'}统计（${list.summary.field}${forVisitors ? '，无需登录' : ''}）`,
        options: {
          config: { readOnly: true },
          schema: { body, response: SUMMARY_RESPONSE },
          validatorCompiler: noStartUpCheck,
          preValidation: emptyBodyIsFirstPage,
          onRequest: callerWhenPublic,
        },
        handler: async (request) => answerSummary(app, request, name, listName),
      });
    }
  }

  for (const [transitionName, transition] of Object.entries(workflow.transitions) as [string, WorkflowTransition][]) {
    // Another record's effect takes it (target-effects.ts): no route.
    if (transition.actor === 'system') continue;
    // The module behind a source takes only the transitions it offers.
    if (source && !source.transitions?.[transitionName]) continue;
    const access = transitionAccess(permission, transition);
    routes.push({
      action: 'transition',
      name: transitionName,
      method: 'POST',
      path: `${base}/transitions/${transitionName}`,
      access,
      // A publication may change or remove the transition (ADR 0044): its access and the handler read the live workflow.
      accessNow: () => liveTransitionAccess(app, name, transitionName),
      summary: `${transition.title}（${ACTOR_NAMES[transition.actor]}${typeof access === 'object' ? `，需 ${access.permission}` : ''}）`,
      options: {
        config: { idempotent: true, rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: { body: recordTransitionRequestSchema, response: RECORD_RESPONSE },
      },
      handler: async (request) => answerTransition(app, request, name, transitionName),
    });
  }
  return routes;
}

/** A resource's source must exist, and each transition its lists offer must be one the source takes. */
function requireSource(resource: CompiledResource, sources: ListSources): ListSource | undefined {
  const name = resource.resource.source;
  if (name === undefined) return undefined;
  const source = sources.get(name);
  if (!source)
    throw new Error(
      `resources/${resource.name}/resource.json#/source: 服务器没有名为 "${name}" 的数据来源（已有：${[...sources.keys()].join('、')}）`,
    );
  const [problem] = sourceRowActionProblems(resource, source);
  if (problem) throw new Error(`${problem.file}#${problem.pointer}: ${problem.message}`);
  return source;
}

/**
 * One call for a reviewer's choice (spec auditNeed, auditInvite): the body names the transition in
 * `decision`, and that transition's own route takes the request, with its checks and its audit.
 */
function decisionRoute(
  app: FastifyInstance,
  resource: CompiledResource,
  routes: EngineRoute[],
  alias: NonNullable<ResourceFile['aliases']>[number],
): EngineRoute {
  const names = alias.transitions ?? [];
  const choices = names.map((name) => {
    const route = routes.find((candidate) => candidate.action === 'transition' && candidate.name === name);
    if (!route)
      throw new Error(
        `resources/${resource.name}/resource.json: alias ${alias.method} ${alias.path} names "${name}", which no route takes`,
      );
    return route;
  });
  const first = choices[0];
  if (!first) throw new Error(`resources/${resource.name}/resource.json: alias ${alias.method} ${alias.path} chooses among no transitions`);
  // A schema of its own: without the $id, which Fastify may hold once.
  const { $id: _id, ...request } = recordTransitionRequestSchema as JsonSchema;
  const body: JsonSchema = {
    ...request,
    required: [...(request.required ?? []), 'decision'],
    properties: {
      ...request.properties,
      decision: {
        type: 'string',
        enum: names,
        title: '审核结果',
        description: names.map((name) => `${name}: ${resource.workflow.transitions[name]?.title ?? name}`).join('; '),
      },
    },
  };
  return {
    action: 'transition',
    method: 'POST',
    path: alias.path,
    access: first.access,
    accessNow: first.accessNow,
    summary: `审核（${names.map((name) => resource.workflow.transitions[name]?.title ?? name).join(' / ')}）`,
    options: { config: first.options.config ?? {}, schema: { body, response: RECORD_RESPONSE } },
    // The chosen transition as it is live (ADR 0044): its own access is checked again there.
    handler: async (request) => answerTransition(app, request, resource.name, (request.body as { decision: string }).decision),
  };
}

function matches(route: EngineRoute, alias: NonNullable<ResourceFile['aliases']>[number]): boolean {
  if (route.action !== alias.action) return false;
  if (alias.action === 'list' || alias.action === 'summary') return route.name === alias.list;
  if (alias.action === 'transition') return route.name === alias.transition;
  return true;
}

/**
 * The one generic route plugin (ADR 0010): for every resource folder, create, update, delete,
 * detail, each list file and each workflow transition under /api/resources/<name>/… (and, where
 * it masks personal numbers, their unmasked view), plus the
 * spec's own paths from resource.json's aliases, served by the same handlers. A GET alias reads its
 * input from the query string. The list routes and the aliases read the live folder at each request,
 * and two generic routes serve the lists and aliases a publication adds (ADR 0042).
 */
export async function resourceEngineRoutes(app: FastifyInstance): Promise<void> {
  // The aliases routed at start-up: a publication may remove one, or put back one it removed; a new one goes to the catch-all.
  const startUpAliases = new Map<string, { resource: string; alias: ResourceAlias }>();
  for (const resource of app.resources.list()) {
    const source = requireSource(resource, app.listSources);
    const routes = engineRoutes(app, resource, source);
    const tags = [`资源：${resource.resource.title}`];
    // The record form's captcha reads the live folder: a publication may add or remove it (ADR 0045).
    if (resource.captchaField !== undefined && !source) registerResourceCaptchaRoute(app, resource, tags);
    if (offersUnmask(resource)) registerUnmaskedFieldsRoute(app, resource, tags);
    // Public, like the form schemas: what a page looks like is no secret, the records are.
    app.get(
      `${resourceBasePath(resource.name)}/definition`,
      {
        config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
        schema: { summary: `${resource.resource.title}的定义（表单、列表、工作流）`, tags, response: okResponse(resourceDefinitionSchema) },
      },
      async () => ok(definitionOf(resource)),
    );
    for (const route of routes) {
      app.route({
        ...route.options,
        method: route.method,
        url: route.path,
        config: { ...route.options.config, access: route.access, ...(route.accessNow ? { accessNow: route.accessNow } : {}) },
        schema: { ...route.options.schema, summary: route.summary, tags },
        handler: route.handler,
      });
    }
    for (const alias of resource.resource.aliases ?? []) {
      // A publication may remove and put back a start-up alias, the matching calls' too (ADR 0049).
      startUpAliases.set(aliasKey(alias), { resource: resource.name, alias });
      // The import's own plugin serves it (multipart), the matching plugin its calls.
      if (OWN_PLUGIN_ALIAS_ACTIONS.has(alias.action)) continue;
      // A publication may remove the alias (ADR 0042), then every caller gets a 404 before any check of its own, or
      // point it at another action (ADR 0051), then the request is forwarded to that action's route before this one checks it.
      const hooks = startUpAliasHooks(app, resource.name, alias);
      const mount = (route: EngineRoute, options: Partial<RouteOptions>): void => {
        const own = route.options.onRequest;
        const { preValidation } = options;
        app.route({
          ...route.options,
          ...options,
          method: alias.method,
          url: alias.path,
          config: {
            ...route.options.config,
            access: route.access,
            accessNow: hooks.accessNow((request) => route.accessNow?.(request) ?? route.access),
          },
          onRequest: [hooks.goneIs404, ...(own === undefined ? [] : [own].flat())],
          preValidation: [hooks.forwardIfMoved, ...(preValidation === undefined ? [] : [preValidation].flat())],
          handler: route.handler,
        });
      };
      if (alias.action === 'decide') {
        const route = decisionRoute(app, resource, routes, alias);
        mount(route, { schema: { ...route.options.schema, summary: route.summary, tags } });
        continue;
      }
      const route = routes.find((candidate) => matches(candidate, alias));
      if (!route) throw new Error(`resources/${resource.name}/resource.json: alias ${alias.method} ${alias.path} matches no route`);
      if (alias.action === 'list' || alias.action === 'summary') {
        const { body, ...rest } = route.options.schema as { body: JsonSchema };
        const listName = alias.list ?? '';
        const propertiesOf = () => {
          const live = liveListOf(app, resource.name, listName);
          return live ? (liveListRequest(live.resource, live.list).schema.properties ?? {}) : {};
        };
        mount(route, {
          schema: {
            ...rest,
            summary: `${route.summary}（${alias.path.split('/').pop() ?? ''}）`,
            tags,
            ...(alias.method === 'GET' ? { querystring: body } : { body }),
          },
          preValidation: listInputFromQuery(propertiesOf, alias.method),
        });
        continue;
      }
      const { body, querystring, ...rest } = (route.options.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const input = body ?? querystring;
      mount(route, {
        schema: {
          ...rest,
          summary: `${route.summary}（${alias.path.split('/').pop() ?? ''}）`,
          tags,
          ...(alias.method === 'GET' ? { querystring: GET_ALIAS_QUERY } : input ? { body: input } : {}),
        },
        preHandler: alias.method === 'GET' ? [versionAsNumber] : [],
      });
    }
  }
  liveListRoute(app);
  liveSummaryRoute(app);
  liveResourceCaptchaRoute(app);
  liveUnmaskedFieldsRoute(app);
  liveRecordRoutes(app);
  liveTransitionRoute(app);
  // A workflow change is weighed against the stored records and the roles before it is published (ADR 0044),
  // and so are the keys of resource.json that stored records hold (owner, target, organisation, a new unique set: ADR 0048).
  // A source's list may offer only the transitions its module takes now (ADR 0049).
  app.resources.guardStoredRecords(async (live, candidate, options) => [
    ...(await workflowRecordProblems(app.database.db, live, candidate, options?.inSharedFile)),
    ...(await resourceKeyRecordProblems(app.database.db, live, candidate)),
    ...candidateRowActionProblems(app.listSources, candidate),
  ]);
  liveAliasRoutes(app, startUpAliases);
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import recordTransitionRequestSchema from '../../../../schemas/api/record-transition-request.schema.json';
import { API_BASE } from '../../../shared/api/endpoints';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/api/idempotency';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { AppError } from '../../lib/app-error';
import { XLSX_LIMITS } from '../../services/excel/xlsx-limits';
import { aliasKey, liveAliasAt, MATCHING_ALIAS_ACTIONS, type ResourceAlias } from '../units/resource-alias';
import type { CompiledResource } from '../units/resource-registry';
import { resourceBasePath } from '../units/resource-paths';
import { GET_ALIAS_QUERY } from './get-alias-query';
import { liveListRequest } from './live-list';
import { checkLive } from './live-schema-check';
import { mergedListBody, typedQuery } from './list-input-from-query';
import { routeMethod } from '../../lib/request-input';

/** The detail's input named in a POST body (as the static POST detail alias takes it). */
const DETAIL_BODY: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', title: '记录编号' } },
};

/** Headers the target route reads: the caller, their language, a visitor's captcha, their client, a create's Idempotency-Key. Never a forwarding header. */
const FORWARDED_HEADERS = ['authorization', 'accept-language', 'x-captcha-id', 'user-agent', IDEMPOTENCY_KEY_HEADER] as const;

/** Answer headers that belong to the inner exchange, not to the caller's. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** A decide alias's body: a transition request naming its choice, as decisionRoute builds it for the static ones. */
const decideBodies = new WeakMap<ResourceAlias, JsonSchema>();
function decideBody(alias: ResourceAlias): JsonSchema {
  const known = decideBodies.get(alias);
  if (known) return known;
  const { $id: _id, ...base } = recordTransitionRequestSchema as JsonSchema;
  const body: JsonSchema = {
    ...base,
    required: [...(base.required ?? []), 'decision'],
    properties: { ...base.properties, decision: { type: 'string', enum: alias.transitions ?? [], title: '审核结果' } },
  };
  decideBodies.set(alias, body);
  return body;
}

interface Forward {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  /** A multipart body passed on as it came (an import alias, ADR 0050): the bytes and their content-type, boundary and all. */
  raw?: { body: Buffer; contentType: string };
}

/** The import's upload limit plus room for the multipart framing: what the catch-all reads of a multipart body, at most. */
const MULTIPART_BODY_LIMIT = XLSX_LIMITS.maxBytes + 64 * 1024;

/**
 * An import alias goes to the folder's import route (resource-import-routes.ts), with `force` from the
 * query. Its multipart body was kept as bytes by the catch-all's parser and goes on unparsed, so the
 * import's own parser and limits read it; any other body goes on too, for that route to refuse (415).
 */
function importForward(request: FastifyRequest, base: string): Forward {
  const force = (request.query as Record<string, unknown> | undefined)?.['force'];
  const url = `${base}/import${typeof force === 'string' ? `?${queryString({ force })}` : ''}`;
  const contentType = request.headers['content-type'];
  if (Buffer.isBuffer(request.body) && typeof contentType === 'string')
    return { method: 'POST', url, raw: { body: request.body, contentType } };
  return { method: 'POST', url, payload: request.body };
}

/** An object's entries as a query string (the detail route's id). */
function queryString(input: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)])).toString();
}

/**
 * A matching call's own route (matching-routes.ts): the rules and one rule by its target are GETs (the id from
 * the alias's query or body), the match and its export POSTs of the answers (from the body, or a GET's query).
 */
function matchingForward(request: FastifyRequest, base: string, alias: ResourceAlias): Forward {
  const input = (alias.method === 'GET' ? (request.query ?? {}) : (request.body ?? {})) as Record<string, unknown>;
  if (alias.action === 'rules') return { method: 'GET', url: `${base}/rules` };
  if (alias.action === 'rule') {
    checkLive(request, DETAIL_BODY, typeof input['id'] === 'string' ? { id: input['id'] } : input);
    return { method: 'GET', url: `${base}/rules/by-target?${queryString({ id: input['id'] })}` };
  }
  return { method: 'POST', url: `${base}/${alias.action === 'match' ? 'match' : 'match/export'}`, payload: input };
}

/**
 * Where a live alias leads: its action's own route under /api/resources/<name>/…, with the input
 * moved where that route reads it (a GET alias's query into a POST body, a decision into its
 * transition's route), checked first where the move needs it.
 */
function forwardOf(request: FastifyRequest, resource: CompiledResource, alias: ResourceAlias): Forward {
  const base = `${API_BASE}${resourceBasePath(resource.name)}`;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (alias.action === 'list' || alias.action === 'summary') {
    const list = alias.list !== undefined && Object.hasOwn(resource.lists, alias.list) ? resource.lists[alias.list] : undefined;
    const properties = list ? (liveListRequest(resource, list).schema.properties ?? {}) : {};
    const typed = typedQuery(query, properties);
    return {
      method: 'POST',
      url: `${base}/lists/${alias.list ?? ''}${alias.action === 'summary' ? '/summary' : ''}`,
      payload: alias.method === 'GET' ? typed : mergedListBody(typed, request.body),
    };
  }
  if (MATCHING_ALIAS_ACTIONS.has(alias.action)) return matchingForward(request, base, alias);
  if (alias.action === 'import') return importForward(request, base);
  if (alias.method === 'GET') {
    checkLive(request, GET_ALIAS_QUERY, query);
    const id = String(query['id']);
    if (alias.action === 'detail') return { method: 'GET', url: `${base}/detail?${queryString({ id })}` };
    const version = typeof query['version'] === 'string' ? { version: Number(query['version']) } : {};
    // A GET decide names no decision: refused as the static route's body schema would.
    if (alias.action === 'decide') checkLive(request, decideBody(alias), { id, ...version });
    return {
      method: 'POST',
      url: `${base}/${alias.action === 'transition' ? `transitions/${alias.transition ?? ''}` : alias.action}`,
      payload: { id, ...version },
    };
  }
  const body = request.body;
  if (alias.action === 'detail') {
    checkLive(request, DETAIL_BODY, body);
    return { method: 'GET', url: `${base}/detail?${queryString(body as Record<string, unknown>)}` };
  }
  if (alias.action === 'decide') {
    checkLive(request, decideBody(alias), body);
    const { decision, ...rest } = body as { decision: string };
    return { method: 'POST', url: `${base}/transitions/${decision}`, payload: rest };
  }
  if (alias.action === 'transition') return { method: 'POST', url: `${base}/transitions/${alias.transition ?? ''}`, payload: body };
  return { method: 'POST', url: `${base}/${alias.action}`, payload: body };
}

/**
 * Serves the request at the alias's own route, in this process: that route's access (deny by default,
 * with its live access), rate limit, write pipeline, validation and audit all run as for a direct call,
 * for the caller's address and token. The answer goes back as it is.
 */
async function forward(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, to: Forward): Promise<FastifyReply> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (to.raw) headers['content-type'] = to.raw.contentType;
  else if (to.payload !== undefined) headers['content-type'] = 'application/json';
  const payload = to.raw ? to.raw.body : to.payload === undefined ? undefined : JSON.stringify(to.payload);
  const answer = await app.inject({
    method: to.method,
    url: to.url,
    headers,
    remoteAddress: request.ip,
    ...(payload === undefined ? {} : { payload }),
  });
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) reply.header(name, value);
  }
  return reply.code(answer.statusCode).send(answer.rawPayload);
}

/** The path a catch-all request names, as aliases spell it (without /api). */
function aliasPath(request: FastifyRequest): string {
  return `/${(request.params as { '*'?: string })['*'] ?? ''}`;
}

/**
 * Serves a request for a live alias at its action's own route (the catch-all below, and a start-up alias route whose
 * path a publication pointed at another action: repointed-alias.ts, ADR 0051).
 */
export async function forwardAlias(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: CompiledResource,
  alias: ResourceAlias,
): Promise<FastifyReply> {
  return forward(app, request, reply, forwardOf(request, resource, alias));
}

/**
 * Whether the catch-all below serves this method at this path (`/api/…`): a live alias of a folder, for OPTIONS'
 * `Allow` (plugins/options-route.ts). A HEAD is its GET's.
 */
export function liveAliasServes(app: FastifyInstance, method: string, path: string): boolean {
  if (!path.startsWith(`${API_BASE}/`)) return false;
  return liveAliasAt(app.resources.list(), method === 'HEAD' ? 'GET' : method, path.slice(API_BASE.length)) !== undefined;
}

/** Whether a route pattern (`/api/files/:key`, `/api/sys/*`) takes this path. */
function patternTakes(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The spec's aliases a studio publication added after start-up (ADR 0042). One catch-all pair under
 * /api, registered once, with the lowest priority find-my-way has: every registered route, static or
 * parametric, is matched first, so only a path nothing else serves reaches it. It looks the path up in
 * the live folders' aliases and forwards the request to the alias's action's own route; anything else
 * is the 404 the path was before. It declares 'public' and serves nothing itself: the target route
 * applies its own access. The registry's live check refuses an alias whose path another route already
 * takes (so it would never reach this one), except one of the folder's own aliases routed at start-up.
 */
export function liveAliasRoutes(
  app: FastifyInstance,
  startUpAliases: ReadonlyMap<string, { resource: string; alias: ResourceAlias }>,
): void {
  // Its own context, so the raw multipart parser below serves the catch-all only: every other route still refuses multipart with 415.
  void app.register(async (catchAll) => {
    // An import alias's upload is kept as bytes, bounded by the import's limit, and parsed only by the import route it goes to.
    catchAll.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const method of ['GET', 'POST'] as const) {
      catchAll.route({
        method,
        url: '/*',
        config: { access: 'public' },
        schema: {
          summary: '在线发布后新增的规范别名：转发到该别名所指操作的接口（由那个接口决定谁可调用）；其他路径 404',
          tags: ['资源：在线发布的别名'],
          consumes: ['application/json', 'multipart/form-data'],
          // The answer is the target route's, sent as it came.
          response: { 200: {} },
        },
        // Before the body is read: only a live import alias takes multipart, and nothing else is read at 10 MB.
        onRequest: async (request) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
          const found = liveAliasAt(app.resources.list(), routeMethod(request), aliasPath(request));
          if (!found) throw new AppError(404, 'notFound');
          if (found.alias.action !== 'import') throw new AppError(415, 'unsupportedMediaType');
        },
        handler: async (request, reply) => {
          const found = liveAliasAt(app.resources.list(), routeMethod(request), aliasPath(request));
          if (!found) throw new AppError(404, 'notFound');
          return forward(app, request, reply, forwardOf(request, found.resource, found.alias));
        },
      });
    }
  });

  app.resources.guardAliases((name, alias) => {
    const started = startUpAliases.get(aliasKey(alias));
    // The folder's own start-up alias route serves it again, forwarding when it now names another action (ADR 0051).
    if (started)
      return started.resource === name
        ? undefined
        : `这个路径在启动时已是资源 "${started.resource}" 的别名 ${aliasKey(started.alias)} 的接口`;
    const other = app.resources
      .list()
      .find((folder) => folder.name !== name && (folder.resource.aliases ?? []).some((live) => aliasKey(live) === aliasKey(alias)));
    if (other) return `资源 "${other.name}" 已有同一路径的别名`;
    // A matching call is forwarded to the folder's matching routes, which serve any folder with `matching` now (ADR 0051);
    // the folder's own check refuses a matching alias without it.
    const url = `${API_BASE}${alias.path}`;
    const taken = app.routeAccessList.find(
      (route) =>
        route.url !== '/*' &&
        route.url !== `${API_BASE}/*` &&
        route.method.split(',').includes(alias.method) &&
        patternTakes(route.url, url),
    );
    return taken ? `这个路径已是接口 ${alias.method} ${taken.url}` : undefined;
  });
}

import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import { listRequestSchema } from '../../../shared/resource/list-fields';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import { optionalCaller } from '../../services/auth/authenticate';
import { ok } from '../../lib/envelope';
import { listAccess, mayReadList } from '../records/list-access';
import { listQueryOf, readListPage } from '../records/list-page';
import { checkLive, liveValidator } from './live-schema-check';
import type { ListSource } from '../records/list-source';
import type { CompiledResource } from '../units/resource-registry';
import { requestInput } from '../../lib/request-input';

/** A list as it is live now: its folder and its file, both read at the request (ADR 0042). */
export interface LiveList {
  resource: CompiledResource;
  list: ResourceListFile;
}

/** The live list a route serves, or undefined when a publication removed it (or it never was). */
export function liveListOf(app: FastifyInstance, resourceName: string, listName: string): LiveList | undefined {
  const resource = app.resources.get(resourceName);
  if (!resource || !Object.hasOwn(resource.lists, listName)) return undefined;
  const list = resource.lists[listName];
  return list ? { resource, list } : undefined;
}

/**
 * The access a list route has now (route-access's accessNow): the live list's, so a publication that
 * changes its scope or audience changes who may call it. A list that is gone is 'public' here, so
 * that every caller gets the handler's 404 rather than a 401 that says it still exists.
 */
export function liveListAccess(app: FastifyInstance, resourceName: string, listName: string): RouteAccess {
  const live = liveListOf(app, resourceName, listName);
  return live ? listAccess(live.resource.resource.permission, live.list) : 'public';
}

/** A list for visitors answers as the caller when there is one (their interests); route access left request.user empty. */
export async function callerWhenPublic(request: FastifyRequest): Promise<void> {
  if (request.user === null) request.user = (await optionalCaller(request)) ?? null;
}

/**
 * The caller a live list reads as: anyone for a list for visitors, otherwise a user who passes the
 * list's access. Asked again in the handler because a publication may land between route access and
 * the handler: a list narrowed in that moment is refused, not served by its old access.
 */
export function listReader(request: FastifyRequest, live: LiveList): AuthUser | null {
  if (live.list.audience === 'public') return request.user ?? null;
  const user = requireUser(request);
  if (!mayReadList(user, live.resource.resource.permission, live.list)) throw new AppError(403, 'forbidden');
  return user;
}

/** A source's records come from its module (resource.json source); undefined for the records table. */
export function listSourceOf(app: FastifyInstance, resource: CompiledResource): ListSource | undefined {
  const name = resource.resource.source;
  return name === undefined ? undefined : app.listSources.get(name);
}

/** Each version's list has its own file object (a publication compiles new ones): the cache dies with the version. */
const requests = new WeakMap<ResourceListFile, JsonSchema>();

/** The live list's request schema, built once per version of the list; its validator comes from liveValidator. */
export function liveListRequest(resource: CompiledResource, list: ResourceListFile): { schema: JsonSchema; validate: ValidateFunction } {
  let schema = requests.get(list);
  if (!schema) {
    schema = listRequestSchema(list, resource.record, resource.workflow);
    requests.set(list, schema);
  }
  return { schema, validate: liveValidator(schema) };
}

/**
 * Checks a list request against the live list's request schema (its filters, page size, sort fields):
 * a refusal is the same 400 as a route schema's, `{code, msg, errors}` with each field's error.
 */
export function checkListRequest(request: FastifyRequest, live: LiveList, input: unknown): Record<string, unknown> {
  checkLive(request, liveListRequest(live.resource, live.list).schema, input);
  return input as Record<string, unknown>;
}

/**
 * The route schemas a list route documents are the ones it started with (OpenAPI); the request is
 * checked against the live list's in the handler instead (checkListRequest), so Fastify's check is off.
 */
export function noStartUpCheck(): () => true {
  return () => true;
}

/**
 * A page of a live list, for its own route, its aliases and the route of lists added by a publication:
 * 404 when the list is gone, 400 for a request the live list refuses, then the live list's scope.
 */
export async function answerList(app: FastifyInstance, request: FastifyRequest, resourceName: string, listName: string) {
  const live = liveListOf(app, resourceName, listName);
  if (!live) throw new AppError(404, 'notFound');
  const input = checkListRequest(request, live, requestInput(request));
  const user = listReader(request, live);
  const query = await listQueryOf(app, live.resource, live.list, user, input);
  const source = listSourceOf(app, live.resource);
  return ok(query ? await readListPage(app, live.resource, source, query, user, requestLocale(request)) : { total: 0, records: [] });
}

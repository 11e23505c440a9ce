import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordTransitionRequest } from '../../../shared/generated/record-transition-request';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { findTransition, isOncePerUser, nextState, type WorkflowTransition } from '../../../shared/resource/workflow-rules';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { noteRequired } from '../../lib/note-required';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import { auditAccessDenied } from '../../services/audit/audit-access-denied';
import { auditRequest } from '../../services/audit/request-audit';
import { deliverNotices } from '../../services/notifications/deliver-notices';
import type { NoticeDelivery } from '../../services/notifications/write-notices';
import { runTransitionEffects } from '../write/run-record-rules';
import { requireIntact } from '../records/record-integrity';
import type { ListSource } from '../records/list-source';
import { actorOf, callerOf, presentRecord, recordConflict, requireOwn, requireVisible, takenByCaller } from '../records/record-access';
import { transitionRecord } from '../records/record-store';
import type { CompiledResource } from '../units/resource-registry';
import { transitionPermission } from '../units/workflow-record-problems';
import { listSourceOf } from './live-list';
import { requestInput } from '../../lib/request-input';

/** A transition as it is live now: its folder, its name and its entry in the folder's live workflow (ADR 0044). */
export interface LiveTransition {
  resource: CompiledResource;
  name: string;
  transition: WorkflowTransition;
  /** A source's module takes it (resource.json source); undefined for the records table. */
  take: NonNullable<ListSource['transitions']>[string] | undefined;
}

/**
 * The live transition a route serves, looked up by name in the live registry at each request, or
 * undefined when there is none: a publication removed it, it never was, the folder is unknown (a folder
 * created later is found like any other), it is a system transition (another record's effect takes it),
 * or the folder's source does not take it.
 */
export function liveTransitionOf(app: FastifyInstance, resourceName: string, transitionName: string): LiveTransition | undefined {
  const resource = app.resources.get(resourceName);
  const transition = resource ? findTransition(resource.workflow, transitionName) : undefined;
  if (!resource || !transition || transition.actor === 'system') return undefined;
  if (resource.resource.source === undefined) return { resource, name: transitionName, transition, take: undefined };
  const take = listSourceOf(app, resource)?.transitions?.[transitionName];
  return take ? { resource, name: transitionName, transition, take } : undefined;
}

/**
 * Who may call a transition's route: any user for the owner's and an addressee's (the handler checks
 * the record) and for an organisation administrator's unless it names an action too; a reviewer's needs <permission>.<action>.
 */
export function transitionAccess(permission: string, transition: WorkflowTransition): RouteAccess {
  const check = transitionPermission(permission, transition);
  return check === undefined ? 'user' : { permission: check };
}

/**
 * A transition route's access now (route access's accessNow): the live transition's, so a publication
 * that changes its actor or permission changes who may call it. One that is gone is 'public' here, so
 * every caller gets the handler's 404 rather than a 401 that says it still exists.
 */
export function liveTransitionAccess(app: FastifyInstance, resourceName: string, transitionName: string): RouteAccess {
  const live = liveTransitionOf(app, resourceName, transitionName);
  return live ? transitionAccess(live.resource.resource.permission, live.transition) : 'public';
}

/**
 * The caller of a live transition, asked again in the handler: a publication may land between route
 * access and the handler, and the decide alias's access is its first choice's, not the chosen one's.
 * A missing permission is the hook's 403 with its ACCESS_DENIED row.
 */
async function transitionCaller(request: FastifyRequest, live: LiveTransition) {
  const user = requireUser(request);
  const check = transitionPermission(live.resource.resource.permission, live.transition);
  if (check !== undefined && !hasPermission(user.permissions, check)) {
    await auditAccessDenied(request, check);
    throw new AppError(403, 'forbidden');
  }
  return user;
}

/**
 * Takes a transition of a record, for every route that does (its own static route, the parametric
 * route of transitions added live, a decide alias): the live workflow says whether it exists (404),
 * who may take it, from which states, its note and its effects. Then the record's checks (owner, an
 * organisation's administrator, an addressee; never one's own record), the version (409), once per
 * user, the change with its audit row and notices in one transaction, and the notices' delivery.
 */
export async function answerTransition(app: FastifyInstance, request: FastifyRequest, resourceName: string, transitionName: string) {
  const live = liveTransitionOf(app, resourceName, transitionName);
  if (!live) throw new AppError(404, 'notFound');
  const { resource, transition, take } = live;
  const user = await transitionCaller(request, live);
  const locale = requestLocale(request);
  // A GET alias (the spec's recall and accept calls) names the record in its query.
  const body = (requestInput(request) ?? {}) as Partial<RecordTransitionRequest> & { id: string };
  const note = body.note?.trim() || undefined;
  if (take) {
    // A source's record: the engine checked the request and the access, the module takes it.
    if (transition.note === 'required' && !note) throw noteRequired(locale);
    const { record, message } = await take({ id: body.id, version: body.version, note, user, request });
    return ok(record, message);
  }
  const { name } = resource;
  const db = app.database.db;
  const caller = await callerOf(app, resource, user);
  const row =
    transition.actor === 'owner' ? await requireOwn(app, resource, body.id, user) : await requireVisible(app, resource, body.id, caller);
  await requireIntact(request, resource, row);
  // Nobody decides on their own record (SECURITY R18).
  if (transition.actor !== 'owner' && row.ownerId === user.id) throw new AppError(403, 'ownRecord');
  // An organisation's administrator decides on their own organisation's records only; an addressee on those addressed to them.
  if (transition.actor === 'orgAdmin' && !actorOf(resource, caller, row).isOrgAdmin) throw new AppError(403, 'forbidden');
  if (transition.actor === 'addressee' && !actorOf(resource, caller, row).isAddressee) throw new AppError(403, 'forbidden');
  const to = nextState(resource.workflow, row.status, transitionName);
  if (to === undefined) throw new AppError(409, 'illegalTransition');
  // A GET alias (the spec's recall and accept calls) names no version: it acts on the current one.
  const version = body.version ?? row.version;
  if (row.version !== version) throw await recordConflict(app, request, resource, row.id);
  // A transition that stays in its state (a guest's accept) is each user's once.
  if (isOncePerUser(transition) && (await takenByCaller(app, resource, caller, [row.id])).get(row.id)?.has(transitionName))
    throw new AppError(409, 'transitionAlreadyTaken');
  if (transition.note === 'required' && !note) throw noteRequired(locale);
  const kept = transition.note === 'none' || transition.note === undefined ? undefined : note;
  const deliveries: NoticeDelivery[] = [];
  const updated = await transitionRecord(db, {
    resource: name,
    id: row.id,
    version,
    action: transitionName,
    from: row.status,
    to,
    actorId: user.id,
    note: kept,
    now: app.clock(),
    sealer: resource.sealer,
    indexer: resource.indexer,
    personal: resource,
    // In the transition's own transaction: no change without its audit row (SECURITY R32). The note is not audited (it may hold personal data).
    after: async (tx, changed) => {
      await runTransitionEffects(
        {
          tx,
          request,
          resource,
          resources: app.resources,
          actorId: user.id,
          now: app.clock(),
          transition: transitionName,
          note: kept,
          deliveries,
        },
        changed,
        row.status,
      );
      await auditRequest(
        request,
        { event: 'RECORD_TRANSITIONED', result: 'success', objectType: name, objectId: changed.id, action: transitionName },
        tx,
      );
    },
  });
  if (!updated) throw await recordConflict(app, request, resource, row.id);
  // Committed: only now do the notices' SMS and mail go out, and a failed one is logged, never the request's failure.
  await deliverNotices(app, request.log, deliveries);
  const changed = { ...updated, ownerName: row.ownerName };
  const taken = isOncePerUser(transition) ? new Set([transitionName]) : undefined;
  return ok(presentRecord(resource, caller, changed, taken), serverMessage('recordTransitioned', locale));
}

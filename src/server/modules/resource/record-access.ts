import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { availableTransitions, hasOrgAdminTransitions, isEditableState, isPrivateState, type WorkflowActor } from '../../../shared/resource/workflow-rules';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { adminUnitIds } from '../user/user-units';
import { findRecord, type RecordWithOwner } from './record-store';
import type { CompiledResource } from './resource-registry';
import { toRecordView } from './record-view';

/** Who calls a resource route: the user (none for a visitor) and the units they administer. */
export interface Caller {
  user: AuthUser | null;
  adminUnits: ReadonlySet<string>;
}

const NO_UNITS: ReadonlySet<string> = new Set();

/** The caller of a resource route; the administered units are read only where a workflow has orgAdmin transitions. */
export async function callerOf(app: FastifyInstance, resource: CompiledResource, user: AuthUser | null): Promise<Caller> {
  if (!user || !hasOrgAdminTransitions(resource.workflow)) return { user, adminUnits: NO_UNITS };
  return { user, adminUnits: await adminUnitIds(app.database.db, user.id) };
}

export function actorOf(resource: CompiledResource, { user, adminUnits }: Caller, row: { ownerId: string | null; orgId: string | null }): WorkflowActor {
  return {
    isOwner: user !== null && row.ownerId === user.id,
    isOrgAdmin: user !== null && row.orgId !== null && adminUnits.has(row.orgId),
    can: (action) => user !== null && hasPermission(user.permissions, `${resource.resource.permission}.${action}`),
  };
}

/**
 * A record the caller may see: their own in any state, or, with <permission>.get or as an
 * administrator of its organisation, someone else's outside the private states. Anything else, an
 * unknown id included, is the same 404 (no enumeration).
 */
export async function requireVisible(app: FastifyInstance, resource: CompiledResource, id: string, caller: Caller): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id);
  if (!row) throw new AppError(404, 'notFound');
  const actor = actorOf(resource, caller, row);
  if (actor.isOwner || (!isPrivateState(resource.workflow, row.status) && (actor.can('get') || actor.isOrgAdmin))) return row;
  throw new AppError(404, 'notFound');
}

/** A record the caller owns; someone else's is a 404, exactly like a missing one. */
export async function requireOwn(app: FastifyInstance, resource: CompiledResource, id: string, user: AuthUser): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id);
  if (!row || row.ownerId !== user.id) throw new AppError(404, 'notFound');
  return row;
}

/** What the caller may do with the record now: change or delete it, and which transitions. */
export function callerActions(resource: CompiledResource, caller: Caller, row: RecordWithOwner): { editable: boolean; actions: string[] } {
  const actor = actorOf(resource, caller, row);
  return { editable: actor.isOwner && isEditableState(resource.workflow, row.status), actions: availableTransitions(resource.workflow, row.status, actor) };
}

export function editableStates(resource: CompiledResource): string[] {
  return Object.keys(resource.workflow.states).filter((state) => isEditableState(resource.workflow, state));
}

/** The 409 of a stale version: the current record comes with it, so the client can reload without a second call. */
export async function recordConflict(app: FastifyInstance, request: FastifyRequest, resource: CompiledResource, id: string): Promise<AppError> {
  const current = await findRecord(app.database.db, resource.name, id);
  return new AppError(409, 'recordVersionConflict', current ? { data: { ...toRecordView(current, callerActions(resource, await callerOf(app, resource, request.user), current)) } } : {});
}

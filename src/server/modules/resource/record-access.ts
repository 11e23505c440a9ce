import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { availableTransitions, isEditableState, isPrivateState, type WorkflowActor } from '../../../shared/resource/workflow-rules';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { findRecord, type RecordWithOwner } from './record-store';
import type { CompiledResource } from './resource-registry';
import { toRecordView } from './record-view';

export function actorOf(resource: CompiledResource, user: AuthUser | null, row: { ownerId: string | null }): WorkflowActor {
  return {
    isOwner: user !== null && row.ownerId === user.id,
    can: (action) => user !== null && hasPermission(user.permissions, `${resource.resource.permission}.${action}`),
  };
}

/**
 * A record the caller may see: their own in any state, or, with <permission>.get, anyone's outside
 * the private states. Anything else, an unknown id included, is the same 404 (no enumeration).
 */
export async function requireVisible(app: FastifyInstance, resource: CompiledResource, id: string, user: AuthUser | null): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id);
  if (!row) throw new AppError(404, 'notFound');
  const actor = actorOf(resource, user, row);
  if (actor.isOwner || (!isPrivateState(resource.workflow, row.status) && actor.can('get'))) return row;
  throw new AppError(404, 'notFound');
}

/** A record the caller owns; someone else's is a 404, exactly like a missing one. */
export async function requireOwn(app: FastifyInstance, resource: CompiledResource, id: string, user: AuthUser): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id);
  if (!row || row.ownerId !== user.id) throw new AppError(404, 'notFound');
  return row;
}

/** What the caller may do with the record now: change or delete it, and which transitions. */
export function callerActions(resource: CompiledResource, user: AuthUser | null, row: RecordWithOwner): { editable: boolean; actions: string[] } {
  const actor = actorOf(resource, user, row);
  return { editable: actor.isOwner && isEditableState(resource.workflow, row.status), actions: availableTransitions(resource.workflow, row.status, actor) };
}

export function editableStates(resource: CompiledResource): string[] {
  return Object.keys(resource.workflow.states).filter((state) => isEditableState(resource.workflow, state));
}

/** The 409 of a stale version: the current record comes with it, so the client can reload without a second call. */
export async function recordConflict(app: FastifyInstance, request: FastifyRequest, resource: CompiledResource, id: string): Promise<AppError> {
  const current = await findRecord(app.database.db, resource.name, id);
  return new AppError(409, 'recordVersionConflict', current ? { data: { ...toRecordView(current, callerActions(resource, request.user, current)) } } : {});
}

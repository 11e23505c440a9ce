import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { isAddressedTo, maskOtherAddressees } from '../../../shared/resource/addressees';
import {
  availableTransitions,
  hasOrgAdminTransitions,
  isEditableState,
  isPrivateState,
  oncePerUserTransitions,
  type WorkflowActor,
} from '../../../shared/resource/workflow-rules';
import { visitorData } from '../../../shared/resource/visitor-data';
import { maskColumns, maskFields } from '../../../shared/rules/mask-fields';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { adminUnitIds } from '../../services/users/user-units';
import { findRecord, takenActions, type RecordWithOwner } from './record-store';
import type { CompiledResource } from '../units/resource-registry';
import { toRecordView } from './record-view';
import { jurisdictionOf, withinJurisdiction } from './jurisdiction';
import { isTampered } from './record-integrity';
import { readByTargetOwner, recordsAboutOwnTargets } from './target-owner';
import { personalCipherOf } from '../../services/crypto/personal-cipher';

/** Who calls a resource route: the user (none for a visitor), the units they administer and their mobile number. */
export interface Caller {
  user: AuthUser | null;
  adminUnits: ReadonlySet<string>;
  /** Read only for a resource with addressees: the number a record addresses its users by. */
  phone: string | null;
  /** For a resource with a jurisdiction field: the units whose records the caller may act on as staff; null for all. */
  jurisdiction: ReadonlySet<string> | null;
  /**
   * The records (ids) whose target the caller owns, of a folder whose target's owner reads it (a list with
   * scope targetOwner): filled by withOwnedTargets for the rows at hand; empty otherwise.
   */
  ownedTargets: ReadonlySet<string>;
}

const NO_UNITS: ReadonlySet<string> = new Set();
const NOTHING_TAKEN: ReadonlySet<string> = new Set();
const NO_RECORDS: ReadonlySet<string> = new Set();

/**
 * The caller of a resource route; the administered units are read only where a workflow has orgAdmin
 * transitions, the phone only where the resource has addressees.
 */
export async function callerOf(app: FastifyInstance, resource: CompiledResource, user: AuthUser | null): Promise<Caller> {
  if (!user) return { user, adminUnits: NO_UNITS, phone: null, jurisdiction: null, ownedTargets: NO_RECORDS };
  const db = app.database.db;
  const adminUnits = hasOrgAdminTransitions(resource.workflow) ? await adminUnitIds(db, user.id) : NO_UNITS;
  const stored = resource.resource.addressees
    ? ((await db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id)).limit(1))[0]?.phone ?? null)
    : null;
  const phone = stored === null ? null : await personalCipherOf(db).open(stored);
  return { user, adminUnits, phone, jurisdiction: await jurisdictionOf(db, resource, user), ownedTargets: NO_RECORDS };
}

/**
 * The caller, knowing which of these records are about records of their own (the 对接 requests to their
 * needs): a folder with a targetOwner list lets the target's owner read them. No query for other folders.
 */
export async function withOwnedTargets(
  app: FastifyInstance,
  resource: CompiledResource,
  caller: Caller,
  rows: readonly { id: string; data: Record<string, unknown> }[],
): Promise<Caller> {
  if (!caller.user || !readByTargetOwner(resource)) return caller;
  return { ...caller, ownedTargets: await recordsAboutOwnTargets(app.database.db, resource, caller.user.id, rows) };
}

export function actorOf(
  resource: CompiledResource,
  { user, adminUnits, phone, jurisdiction }: Caller,
  row: { ownerId: string | null; orgId: string | null; status: string; data: Record<string, unknown> },
): WorkflowActor {
  const addressees = resource.resource.addressees;
  return {
    isOwner: user !== null && row.ownerId === user.id,
    isOrgAdmin: user !== null && row.orgId !== null && adminUnits.has(row.orgId),
    isAddressee:
      user !== null &&
      addressees !== undefined &&
      isAddressedTo(addressees, row, phone, (state) => isPrivateState(resource.workflow, state)),
    // Staff act on the records of their jurisdiction only (resource.json jurisdiction); the commission's reach all.
    can: (action) =>
      user !== null &&
      hasPermission(user.permissions, `${resource.resource.permission}.${action}`) &&
      withinJurisdiction(resource, jurisdiction, row.data),
  };
}

/**
 * Whether the caller is an insider of the record: its owner in any state, or, outside the private
 * states, a holder of <permission>.get, an administrator of its organisation, one it is addressed to or
 * the owner of its target where the folder lets them read it (a need's owner, of the requests about it).
 */
export function isInsider(resource: CompiledResource, caller: Caller, row: RecordWithOwner): boolean {
  const actor = actorOf(resource, caller, row);
  return (
    actor.isOwner ||
    (!isPrivateState(resource.workflow, row.status) &&
      (actor.can('get') || actor.isOrgAdmin || actor.isAddressee || caller.ownedTargets.has(row.id)))
  );
}

/**
 * The record if the caller may act on it as an insider, or (reading) read it as anyone when its state
 * is open to visitors (resource.json visitors). Anything else, an unknown id included, is the same 404
 * (no enumeration).
 */
export async function requireVisible(
  app: FastifyInstance,
  resource: CompiledResource,
  id: string,
  caller: Caller,
  reading: 'read' | 'act' = 'act',
): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id, resource);
  if (!row) throw new AppError(404, 'notFound');
  if (
    isInsider(resource, await withOwnedTargets(app, resource, caller, [row]), row) ||
    (reading === 'read' && (resource.resource.visitors?.states.includes(row.status) ?? false))
  )
    return row;
  throw new AppError(404, 'notFound');
}

/** A record the caller owns; someone else's is a 404, exactly like a missing one. */
export async function requireOwn(app: FastifyInstance, resource: CompiledResource, id: string, user: AuthUser): Promise<RecordWithOwner> {
  const row = await findRecord(app.database.db, resource.name, id, resource);
  if (!row || row.ownerId !== user.id) throw new AppError(404, 'notFound');
  return row;
}

/** What the caller may do with the record now: change or delete it, and which transitions (less the once-per-user ones they took). */
export function callerActions(
  resource: CompiledResource,
  caller: Caller,
  row: RecordWithOwner,
  taken: ReadonlySet<string> = NOTHING_TAKEN,
): { editable: boolean; actions: string[] } {
  const actor = actorOf(resource, caller, row);
  return {
    editable: actor.isOwner && isEditableState(resource.workflow, row.status),
    actions: availableTransitions(resource.workflow, row.status, actor).filter((name) => !taken.has(name)),
  };
}

/**
 * The record as this caller sees it: an addressee who neither owns it nor holds <permission>.get
 * sees the other addressees' numbers masked (SECURITY R35).
 */
export function presentRecord(
  resource: CompiledResource,
  caller: Caller,
  row: RecordWithOwner,
  taken: ReadonlySet<string> = NOTHING_TAKEN,
  view: 'record' | 'list' = 'record',
): RecordView {
  const actor = actorOf(resource, caller, row);
  const addressees = resource.resource.addressees;
  let shown =
    addressees && actor.isAddressee && !actor.isOwner && !actor.can('get')
      ? { ...row, data: maskOtherAddressees(addressees, row.data, caller.phone) }
      : row;
  // Personal numbers (x-mask): masked in every list, and for anyone but the owner, who edits them (SECURITY R35).
  // An addressee's own number stays whole in the addressees' table, as maskOtherAddressees leaves it.
  if ((resource.maskedFields.length > 0 || resource.maskedColumns.length > 0) && (view === 'list' || !actor.isOwner)) {
    const own = actor.isAddressee && caller.phone ? new Set([caller.phone]) : undefined;
    shown = { ...shown, data: maskColumns(resource.maskedColumns, maskFields(resource.maskedFields, shown.data), own) };
  }
  // A public record reaches a reader without a right to all of it as its visitors.fields only, and
  // without the name of whoever entered it unless those name ownerName (issue 30).
  const visitorFields = resource.resource.visitors?.fields;
  const projected = visitorFields !== undefined && !isInsider(resource, caller, row);
  if (projected)
    shown = {
      ...shown,
      data: visitorData(shown.data, visitorFields),
      ownerName: visitorFields.includes('ownerName') ? shown.ownerName : null,
    };
  // The detail says which fields this reader gets, so that it shows no empty rows for those that stay on the server (a need's contact).
  const fields = projected && view === 'record' ? { shownFields: [...visitorFields] } : {};
  // A record changed behind the engine's back says so, and offers nothing to do (SECURITY R34).
  if (isTampered(resource, row)) return { ...toRecordView(shown, { editable: false, actions: [] }), ...fields, integrity: 'TAMPERED' };
  return { ...toRecordView(shown, callerActions(resource, caller, row, taken)), ...fields };
}

/** The once-per-user transitions (an addressee's that keep the state) the caller already took on each record; nothing to read when the workflow has none. */
export async function takenByCaller(
  app: FastifyInstance,
  resource: CompiledResource,
  caller: Caller,
  recordIds: string[],
): Promise<Map<string, Set<string>>> {
  const actions = oncePerUserTransitions(resource.workflow);
  if (!caller.user || actions.length === 0) return new Map();
  return takenActions(app.database.db, { recordIds, actorId: caller.user.id, actions });
}

export function editableStates(resource: CompiledResource): string[] {
  return Object.keys(resource.workflow.states).filter((state) => isEditableState(resource.workflow, state));
}

/** The 409 of a stale version: the current record comes with it, so the client can reload without a second call. */
export async function recordConflict(
  app: FastifyInstance,
  request: FastifyRequest,
  resource: CompiledResource,
  id: string,
): Promise<AppError> {
  const current = await findRecord(app.database.db, resource.name, id, resource);
  return new AppError(
    409,
    'recordVersionConflict',
    current ? { data: { ...presentRecord(resource, await callerOf(app, resource, request.user), current) } } : {},
  );
}

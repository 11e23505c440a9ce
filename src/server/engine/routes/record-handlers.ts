import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import recordHistoryEntrySchema from '../../../../schemas/api/record-history-entry.schema.json';
import recordViewSchema from '../../../../schemas/api/record-view.schema.json';
import type { RecordDeleteRequest } from '../../../shared/generated/record-delete-request';
import type { RecordIdQuery } from '../../../shared/generated/record-id-query';
import type { RecordUpdateRequest } from '../../../shared/generated/record-update-request';
import { recordSchemaId } from '../../../shared/resource/resource-definition';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { recordCheckContext } from '../write/record-check-context';
import { runRecordChecks, runRecordEffects } from '../write/run-record-rules';
import { auditIfTampered, requireIntact } from '../records/record-integrity';
import {
  callerOf,
  isInsider,
  editableStates,
  presentRecord,
  recordConflict,
  requireOwn,
  requireVisible,
  takenByCaller,
  withOwnedTargets,
} from '../records/record-access';
import { deleteRecord, insertRecord, recordHistory, updateRecordData } from '../records/record-store';
import { toHistoryEntry, toRecordView } from '../records/record-view';
import type { CompiledResource } from '../units/resource-registry';
import { requestInput } from '../../lib/request-input';

const RECORD_VIEW = recordViewSchema as JsonSchema;
export const RECORD_RESPONSE = okResponse(RECORD_VIEW);
export const DETAIL_RESPONSE = okResponse({
  ...RECORD_VIEW,
  properties: { ...RECORD_VIEW.properties, history: { type: 'array', items: recordHistoryEntrySchema } },
});
export const DELETED_RESPONSE = okResponse({
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string' } },
});

/** A GET route (and its HEAD twin) reads its input from the query string, a POST route from the body. */
function inputOf<T>(request: FastifyRequest): T {
  return requestInput(request) as T;
}

/*
 * The handlers of the routes that write and read the records table (create, update, delete, detail),
 * one function each over a folder: the start-up folders' own routes and the parametric routes of the
 * folders a studio publication created (ADR 0047) call the same ones, so there is one write pipeline.
 * Each reads the folder at the request (its workflow, its rules), never a copy taken at start-up.
 */

/** Creates a record as the caller (a visitor where resource.json allows it); a retired folder takes none (403 resourceRetired). */
export function createRecordHandler(app: FastifyInstance, resource: CompiledResource): RouteHandlerMethod {
  const db = app.database.db;
  return async (request) => {
    if (resource.resource.retired === true) throw new AppError(403, 'resourceRetired');
    const user = request.user;
    const locale = requestLocale(request);
    // The folder's record rules (record-rules.ts): the same list as update and import run.
    const placed = await runRecordChecks(
      recordCheckContext({ db, resource, write: 'create', user, locale, now: app.clock() }),
      request.checkedData ?? {},
    );
    const row = await insertRecord(db, {
      resource: resource.name,
      ownerId: resource.resource.owner === 'none' ? null : (user?.id ?? null),
      orgId: placed.orgId ?? null,
      status: resource.workflow.initial,
      schemaId: recordSchemaId(resource.name),
      schemaVersion: resource.version,
      data: request.checkedData ?? {},
      actorId: user?.id ?? null,
      now: app.clock(),
      sealer: resource.sealer,
      indexer: resource.indexer,
      personal: resource,
      after: async (tx, created) => {
        await runRecordEffects({ tx, resource, locale }, created);
        await auditRequest(request, { event: 'RECORD_CREATED', result: 'success', objectType: resource.name, objectId: created.id }, tx);
      },
    });
    const created = { ...row, ownerName: user?.fullname ?? null };
    return ok(
      user ? presentRecord(resource, await callerOf(app, resource, user), created) : toRecordView(created),
      serverMessage('recordSaved', locale),
    );
  };
}

/** Changes a record's data, by its owner, in an editable state and at the version it was read (409 otherwise). */
export function updateRecordHandler(app: FastifyInstance, resource: CompiledResource): RouteHandlerMethod {
  const db = app.database.db;
  return async (request) => {
    const user = requireUser(request);
    const body = request.body as RecordUpdateRequest;
    const row = await requireOwn(app, resource, body.id, user);
    await requireIntact(request, resource, row);
    if (!editableStates(resource).includes(row.status)) throw new AppError(409, 'recordNotEditable');
    if (row.version !== body.version) throw await recordConflict(app, request, resource, row.id);
    // A joining request may name another organisation while it can still be changed (placed.orgId).
    const placed = await runRecordChecks(
      recordCheckContext({ db, resource, write: 'update', user, locale: requestLocale(request), now: app.clock() }),
      request.checkedData ?? {},
    );
    const updated = await updateRecordData(db, {
      resource: resource.name,
      id: row.id,
      version: body.version,
      editableStates: editableStates(resource),
      data: request.checkedData ?? {},
      orgId: placed.orgId,
      schemaVersion: resource.version,
      actorId: user.id,
      now: app.clock(),
      sealer: resource.sealer,
      indexer: resource.indexer,
      personal: resource,
      after: async (tx, changed) => {
        await runRecordEffects({ tx, resource, locale: requestLocale(request), previous: row.data }, changed);
        await auditRequest(request, { event: 'RECORD_UPDATED', result: 'success', objectType: resource.name, objectId: changed.id }, tx);
      },
    });
    if (!updated) throw await recordConflict(app, request, resource, row.id);
    return ok(
      presentRecord(resource, await callerOf(app, resource, user), { ...updated, ownerName: row.ownerName }),
      serverMessage('recordSaved', requestLocale(request)),
    );
  };
}

/** Deletes a record, by its owner, in an editable state. */
export function deleteRecordHandler(app: FastifyInstance, resource: CompiledResource): RouteHandlerMethod {
  const db = app.database.db;
  return async (request) => {
    const user = requireUser(request);
    const input = inputOf<RecordDeleteRequest | RecordIdQuery>(request);
    const row = await requireOwn(app, resource, input.id, user);
    await requireIntact(request, resource, row);
    if (!editableStates(resource).includes(row.status)) throw new AppError(409, 'recordNotEditable');
    const version = input.version ?? row.version;
    if (row.version !== version) throw await recordConflict(app, request, resource, row.id);
    const deleted = await deleteRecord(db, {
      resource: resource.name,
      id: row.id,
      version,
      editableStates: editableStates(resource),
      after: (tx, gone) =>
        auditRequest(request, { event: 'RECORD_DELETED', result: 'success', objectType: resource.name, objectId: gone.id }, tx),
    });
    if (!deleted) throw await recordConflict(app, request, resource, row.id);
    return ok({ id: row.id }, serverMessage('recordDeleted', requestLocale(request)));
  };
}

/** A record and, for those who could see it anyway, its history. */
export function recordDetailHandler(app: FastifyInstance, resource: CompiledResource): RouteHandlerMethod {
  const db = app.database.db;
  return async (request) => {
    const user = resource.resource.visitors ? (request.user ?? null) : requireUser(request);
    const reader = await callerOf(app, resource, user);
    const row = await requireVisible(app, resource, inputOf<RecordIdQuery>(request).id, reader, 'read');
    // The owner of the record's target reads it as an insider where the folder says so (a need's owner, the requests about it).
    const caller = await withOwnedTargets(app, resource, reader, [row]);
    await auditIfTampered(request, resource, row);
    // Who wrote and moved it is for those who could see it anyway, not for every reader.
    const insider = isInsider(resource, caller, row);
    const history = insider ? (await recordHistory(db, row.id)).map(toHistoryEntry) : [];
    const taken = await takenByCaller(app, resource, caller, [row.id]);
    return ok({ ...presentRecord(resource, caller, row, taken.get(row.id)), history });
  };
}

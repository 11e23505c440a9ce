import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../../shared/i18n/locale';
import { withinTargetWindow } from '../../../shared/resource/within-target-window';
import { recordEvents, records } from '../../db/schema';
import type { Runner, TransactionRunner } from '../../db/write-with-history';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { auditRequest } from '../../services/audit/request-audit';
import type { Db } from '../../db/database';
import { personalDigest } from '../records/personal-digest';
import { blindHolds, openRecordRow, type RecordRow } from '../records/record-store';
import type { CompiledResource } from '../units/resource-registry';

type Target = NonNullable<CompiledResource['resource']['target']>;

/**
 * The target records whose fields equal this record's (each pair with a value here), in the target's
 * allowed states; `lock` takes them FOR UPDATE, so another transaction locking the same target waits
 * until this one ends.
 */
export async function matchingTargets(
  db: Runner,
  target: Target,
  data: Record<string, unknown>,
  lock: boolean,
  blind?: Readonly<Record<string, unknown>> | null,
): Promise<{ id: string; status: string; data: Record<string, unknown> }[]> {
  const conditions: SQL[] = [eq(records.resource, target.resource), inArray(records.status, target.states)];
  for (const pair of target.match) {
    const value = data[pair.field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    // A personal field (x-mask, the same kind on both sides: a repair's identity number) is held sealed by
    // the target: it is matched by its blind index, `blind` this record's (ADR 0070).
    const digest = blind?.[pair.field];
    // targetField id: the target record's own id (an event's sign-in names its event).
    conditions.push(
      pair.targetField === 'id'
        ? sql`${records.id}::text = ${value.trim()}::text`
        : typeof digest === 'string'
          ? blindHolds(pair.targetField, digest)
          : sql`btrim(${records.data} ->> ${pair.targetField}::text) = ${value.trim()}::text`,
    );
  }
  const query = db
    .select({ id: records.id, status: records.status, data: records.data })
    .from(records)
    .where(and(...conditions))
    .limit(2);
  return lock ? query.for('update') : query;
}

/** The one target record this record is about, with its data; none when there is none or several. */
export async function findTarget(
  db: Runner,
  target: Target,
  data: Record<string, unknown>,
  blind?: Readonly<Record<string, unknown>> | null,
): Promise<{ id: string; data: Record<string, unknown> } | undefined> {
  const found = await matchingTargets(db, target, data, false, blind);
  const [only] = found;
  return found.length === 1 && only ? { id: only.id, data: only.data } : undefined;
}

/**
 * The one record this record is about (resource.json target): exactly one record of the target
 * folder, in one of its states, with the same values. None or several is a 400 on the first match
 * field, in the folder's own words, so a repair is never filed against nothing or against two. A
 * target with a window (an event's time) refuses outside it, in the window's words.
 */
export async function requireTarget(
  db: Db,
  resource: CompiledResource,
  data: Record<string, unknown>,
  locale: Locale,
  now: Date,
): Promise<void> {
  const target = resource.resource.target;
  if (!target) return;
  // The record is not written yet: the blind indexes of its personal match values, as the write will store them.
  const blind: Record<string, string> = {};
  for (const pair of target.match) {
    const value = data[pair.field];
    const digest = typeof value === 'string' ? personalDigest(db, resource, pair.field, value) : undefined;
    if (digest !== undefined) blind[pair.field] = digest;
  }
  const found = await matchingTargets(db, target, data, false, blind);
  const path = target.match[0]?.field ?? '';
  const [only] = found;
  if (found.length === 1 && only) {
    if (!target.window || withinTargetWindow(target.window, only.data, now)) return;
    const message = (locale === 'en-US' ? target.window.messageEn : undefined) ?? target.window.message;
    throw new AppError(400, 'validationFailed', { errors: [{ path, keyword: 'targetWindow', params: {}, message }], msg: message });
  }
  const message = (locale === 'en-US' ? target.messageEn : target.message) ?? serverMessage('targetNotFound', locale);
  throw new AppError(400, 'validationFailed', { errors: [{ path, keyword: 'target', params: {}, message }], msg: message });
}

/**
 * What reaching a state does to the target (resource.json target.effects), in the transition's own
 * transaction: the target takes the effect's system transition, version + 1, with its history row
 * (by the same actor) and its audit row. A target no longer in a state the transition leaves from
 * (revoked meanwhile) refuses the whole transition with a 409: the approval and the change are one.
 */
export async function applyTargetEffects(
  tx: TransactionRunner,
  request: FastifyRequest,
  resource: CompiledResource,
  changed: RecordRow,
  targetResource: CompiledResource | undefined,
  actorId: string,
  now: Date,
): Promise<void> {
  const target = resource.resource.target;
  const effect = target?.effects.find((candidate) => candidate.state === changed.status);
  if (!target || !effect || !targetResource) return;
  const transition = targetResource.workflow.transitions[effect.transition];
  const found = await matchingTargets(tx, target, changed.data, true, changed.blind);
  const row = found.length === 1 ? found[0] : undefined;
  if (!transition || !row || !transition.from.includes(row.status)) throw new AppError(409, 'targetGone');
  const to = transition.to ?? row.status;
  // A target changed behind the engine's back is not built on (SECURITY R34).
  // Its seal is over what it says, its personal values opened (ADR 0070); the cipher is the database's, not the transaction's.
  const db = request.server.database.db;
  const [stored] = await tx.select().from(records).where(eq(records.id, row.id)).limit(1);
  const current = stored && (await openRecordRow(db, targetResource, stored));
  if (current && targetResource.sealer && !targetResource.sealer.verify(current)) throw new AppError(409, 'recordTampered');
  const updated = await tx
    .update(records)
    .set({ status: to, version: sql`${records.version} + 1`, updatedAt: now })
    .where(and(eq(records.id, row.id), eq(records.status, row.status)))
    .returning();
  const done = updated[0] && (await openRecordRow(db, targetResource, updated[0]));
  if (!done) throw new AppError(409, 'targetGone');
  if (targetResource.sealer)
    await tx
      .update(records)
      .set({ seal: targetResource.sealer.seal(done) })
      .where(eq(records.id, done.id));
  await targetResource.indexer?.index(tx, done);
  await tx.insert(recordEvents).values({
    recordId: done.id,
    action: effect.transition,
    fromStatus: row.status,
    toStatus: to,
    version: done.version,
    actorId,
    note: null,
    at: now,
  });
  await auditRequest(
    request,
    { event: 'RECORD_TRANSITIONED', result: 'success', objectType: target.resource, objectId: done.id, action: effect.transition },
    tx,
  );
}

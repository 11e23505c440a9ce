import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { records } from '../../db/schema';
import type { TransactionRunner } from '../../db/write-with-history';
import { AppError } from '../../lib/app-error';
import { blindHolds, type RecordRow } from '../records/record-store';
import type { CompiledResource } from '../units/resource-registry';
import { matchingTargets } from './target-effects';

type Target = NonNullable<CompiledResource['resource']['target']>;

/** Whether a record in this state holds one of the target's places (capacity.states; every state when absent). */
export function holdsPlace(target: Target, status: string): boolean {
  const states = target.capacity?.states;
  return states === undefined || states.includes(status);
}

/** Whether two records' match values (those with a value in `data`) name the same target. */
export function sameTargetValues(
  target: Target,
  data: Readonly<Record<string, unknown>>,
  other: Readonly<Record<string, unknown>>,
): boolean {
  return target.match.every((pair) => data[pair.field] === other[pair.field]);
}

/**
 * The target's places (resource.json target.capacity): once the row takes a place, the other records
 * of this folder holding one for the same target must be fewer than the target's number, or the whole
 * write is refused on the first match field in the folder's words. Run in the write's own transaction
 * after the row is written. The target's row is locked first (SELECT … FOR UPDATE), so of two writers
 * of the last place the second waits for the first to commit and then counts its row: one success and
 * one refusal, on PostgreSQL with several processes as on PGlite. The count is a new statement after the
 * lock, so under READ COMMITTED it sees what the first writer committed.
 */
export async function requireTargetPlace(tx: TransactionRunner, resource: CompiledResource, row: RecordRow, locale: Locale): Promise<void> {
  const target = resource.resource.target;
  const capacity = target?.capacity;
  if (!target || !capacity || !holdsPlace(target, row.status)) return;
  const [found, more] = await matchingTargets(tx, target, row.data, true, row.blind);
  // None or several: the target check (requireTarget) has refused that before the write.
  if (!found || more) return;
  const places = found.data[capacity.field];
  if (typeof places !== 'number' || !Number.isFinite(places)) return;
  const same: SQL[] = [eq(records.resource, resource.name), ne(records.id, row.id)];
  if (capacity.states !== undefined) same.push(inArray(records.status, capacity.states));
  for (const pair of target.match) {
    const value = row.data[pair.field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    // A personal match value is held sealed: the other records name the same target by its blind index (ADR 0070).
    const digest = row.blind?.[pair.field];
    same.push(
      typeof digest === 'string'
        ? blindHolds(pair.field, digest)
        : sql`btrim(${records.data} ->> ${pair.field}::text) = ${value.trim()}::text`,
    );
  }
  const [others] = await tx
    .select({ n: count() })
    .from(records)
    .where(and(...same));
  if ((others?.n ?? 0) < places) return;
  const message = (locale === 'en-US' ? capacity.messageEn : undefined) ?? capacity.message;
  const path = target.match[0]?.field ?? '';
  throw new AppError(400, 'validationFailed', {
    errors: [{ path, keyword: 'targetCapacity', params: { limit: places }, message }],
    msg: message,
  });
}

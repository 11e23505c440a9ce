import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { records } from '../../db/schema';
import type { CompiledResource } from '../units/resource-registry';

/** The records table once more, as the target records that a list's records name. */
const TARGETS = 'target_record';
const targets = alias(records, TARGETS);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The field of this folder's records that holds its target's id (resource.json target.match, targetField
 * id); undefined when the folder names its target otherwise, or has none. schemas:check makes sure a
 * folder with a targetOwner list has one.
 */
export function targetIdField(resource: CompiledResource): string | undefined {
  return resource.resource.target?.match.find((pair) => pair.targetField === 'id')?.field;
}

/**
 * Whether the target's owner reads this folder's records (outside the private states): the folder says so
 * by a list with scope targetOwner, the requests made about their own records (对接 requests to their needs).
 */
export function readByTargetOwner(resource: CompiledResource): boolean {
  return targetIdField(resource) !== undefined && Object.values(resource.lists).some((list) => list.scope === 'targetOwner');
}

/**
 * The records whose target is one of `ownerId`'s records of the target folder (scope targetOwner). As an
 * IN over the owner's own records, which PostgreSQL reads once for the query (a hashed sub-plan through
 * the owner index), not once per row; the id is compared as text, so a malformed value matches nothing.
 */
export function targetOwnedCondition(scope: { resource: string; field: string; ownerId: string }): SQL {
  // An aliased table in a sql template names only the alias: the FROM says which table it is.
  return sql`${records.data} ->> ${scope.field}::text IN (SELECT ${targets.id}::text FROM ${records} AS ${sql.identifier(TARGETS)} WHERE ${and(
    eq(targets.resource, scope.resource),
    eq(targets.ownerId, scope.ownerId),
  )})`;
}

/**
 * Of these records, the ids of those whose target `userId` owns: one query, and none at all for a folder
 * whose target's owner does not read it.
 */
export async function recordsAboutOwnTargets(
  db: Db,
  resource: CompiledResource,
  userId: string,
  rows: readonly { id: string; data: Record<string, unknown> }[],
): Promise<Set<string>> {
  const field = targetIdField(resource);
  const target = resource.resource.target;
  if (!target || field === undefined || !readByTargetOwner(resource)) return new Set();
  const named = new Map<string, string[]>();
  for (const row of rows) {
    const value = row.data[field];
    if (typeof value !== 'string' || !UUID.test(value.trim())) continue;
    const id = value.trim().toLowerCase();
    named.set(id, [...(named.get(id) ?? []), row.id]);
  }
  if (named.size === 0) return new Set();
  const owned = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.resource, target.resource), eq(records.ownerId, userId), inArray(records.id, [...named.keys()])));
  return new Set(owned.flatMap((row) => named.get(row.id.toLowerCase()) ?? []));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { fillTemplate } from '../../../shared/i18n/fill-template';
import type { Locale } from '../../../shared/i18n/locale';
import { UNMASK_ACTION } from '../../../shared/permissions/action-keys';
import { RECORD_FILE } from '../../../shared/resource/resource-definition';
import { publicStates } from '../../../shared/resource/workflow-rules';
import { escapePointer } from '../../../shared/schema/escape-pointer';
import type { Database } from '../../db/database';
import { records, rolePermissions } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ensureUniqueValueIndexOnline, uniqueValueOf } from './unique-value-index';
import { reindexOnPublication } from './resource-search-publication';
import type { CompiledResource } from '../units/compiled-resource';
import { offersUnmask } from '../units/offered-actions';

/** How the stored records break a new x-unique: records sharing a value with another, and the largest such group (never the value: it may be personal). */
export interface UniqueDuplicates {
  records: number;
  largest: number;
}

/**
 * The records of the folder, in the states where a value is held (the write path's: its public
 * states), whose trimmed value of the field another such record has too: the same spelling as the
 * write path's lookup (valueTaken) and the index.
 */
export async function uniqueDuplicates(db: Runner, resource: CompiledResource, field: string): Promise<UniqueDuplicates | undefined> {
  const states = publicStates(resource.workflow);
  if (states.length === 0) return undefined;
  const value = uniqueValueOf(field);
  const groups = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(records)
    .where(
      and(
        eq(records.resource, resource.name),
        inArray(records.status, states),
        sql`jsonb_typeof(${records.data} -> ${field}) = 'string'`,
        sql`${value} <> ''`,
      ),
    )
    .groupBy(value)
    .having(sql`count(*) > 1`)
    .as('groups');
  const [found] = await db
    .select({ records: sql<number>`coalesce(sum(${groups.n}), 0)::int`, largest: sql<number>`coalesce(max(${groups.n}), 0)::int` })
    .from(groups);
  return found && found.records > 0 ? found : undefined;
}

/** The fields the candidate makes x-unique that the live folder does not. */
function newlyUnique(live: CompiledResource, candidate: CompiledResource): string[] {
  return candidate.uniqueFields.filter((field) => !live.uniqueFields.includes(field));
}

/**
 * What a resource publication needs in the database before it commits, outside its transaction
 * (ADR 0045): for each field it makes x-unique, the stored records must not already break it (else
 * a 400 naming how many records and the largest group, at the field's x-unique, as the impact report
 * words a refusal) and its index is built online. Built first, so a publication that commits always
 * has its index; a process that dies between the two leaves an index nobody uses yet, which the next
 * try finds there (IF NOT EXISTS). A duplicate written by a process that has not installed the
 * publication yet (within SCHEMA_SYNC_MS) is not refused; the next write of either record is.
 */
export async function prepareResourcePublication(
  database: Pick<Database, 'db' | 'kind' | 'executeSql'>,
  live: CompiledResource,
  candidate: CompiledResource,
  locale: Locale,
): Promise<void> {
  const fields = newlyUnique(live, candidate);
  const problems: { file: string; pointer: string; message: string }[] = [];
  let first: string | undefined;
  for (const field of fields) {
    const found = await uniqueDuplicates(database.db, candidate, field);
    if (!found) continue;
    const values = { field: candidate.record.properties?.[field]?.title ?? field, records: found.records, largest: found.largest };
    problems.push({
      file: `resources/${live.name}/${RECORD_FILE}`,
      pointer: `/properties/${escapePointer(field)}/x-unique`,
      message: fillTemplate(serverMessage('uniqueDuplicatesDetail', 'zh-CN'), values),
    });
    first ??= fillTemplate(serverMessage('uniqueDuplicatesDetail', locale), values);
  }
  if (problems.length > 0) throw new AppError(400, 'uniqueDuplicates', { msg: first, data: { problems } });
  for (const field of fields) await ensureUniqueValueIndexOnline(database, field);
}

/**
 * What a resource publication writes in its own transaction (ADR 0045): a folder that masks its
 * first field now offers <permission>.unmask, and the administrator, who holds every action a folder
 * offers (catalogue-with-resource-grants.ts), gets it, as the catalogue gives it at the next start.
 */
export async function writeResourcePublication(tx: Runner, live: CompiledResource, candidate: CompiledResource): Promise<void> {
  // A changed search block or visitors' states: the folder's search documents are written again (ADR 0048).
  await reindexOnPublication(tx, live, candidate);
  if (offersUnmask(live) || !offersUnmask(candidate)) return;
  await tx
    .update(rolePermissions)
    .set({ actions: sql`array_append(${rolePermissions.actions}, ${UNMASK_ACTION}::text)` })
    .where(
      and(
        eq(rolePermissions.roleId, 'admin'),
        eq(rolePermissions.permissionId, candidate.resource.permission),
        sql`NOT (${UNMASK_ACTION}::text = ANY(${rolePermissions.actions}))`,
      ),
    );
}

import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { records } from '../../db/schema';

// Taken by whichever process creates the indexes, so that two starting together do not both try.
const INDEX_LOCK = sql`SELECT pg_advisory_xact_lock(7202605, 3)`;

/** A field name as an SQL string literal: the index's expression and the lookups must be the same text. */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The x-unique value of a record as its lookups and its index both spell it: trimmed text of the field. */
export function uniqueValueOf(field: string): SQL {
  return sql`btrim(${records.data} ->> ${sql.raw(literal(field))})`;
}

/** One index per x-unique field name, its name from a hash so that any field name makes a valid one. */
export function uniqueValueIndexName(field: string): string {
  return `records_unique_${createHash('sha256').update(field).digest('hex').slice(0, 16)}_idx`;
}

/**
 * An expression index on (resource, trimmed value) for every x-unique field of the schema folders,
 * made at start-up when missing (issue 16). Without it, each create or update read every record of
 * the resource in the checked states: 17 creates a second at 100,000 records. The field names come
 * from the folders, so these indexes are not migrations; their names say which field they serve only
 * through the hash, and one index serves every resource with a field of that name.
 */
export async function ensureUniqueValueIndexes(db: Db, fields: Iterable<string>): Promise<void> {
  const wanted = [...new Set(fields)];
  if (wanted.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(INDEX_LOCK);
    for (const field of wanted) {
      await tx.execute(
        sql.raw(`CREATE INDEX IF NOT EXISTS ${uniqueValueIndexName(field)} ON records (resource, (btrim(data ->> ${literal(field)})))`),
      );
    }
  });
}

/** The index's own statement; `online` builds it without blocking writes (PostgreSQL's CONCURRENTLY, outside any transaction). */
function createStatement(field: string, online: boolean): string {
  const how = online ? 'CONCURRENTLY IF NOT EXISTS' : 'IF NOT EXISTS';
  return `CREATE INDEX ${how} ${uniqueValueIndexName(field)} ON records (resource, (btrim(data ->> ${literal(field)})))`;
}

/** Whether the field's index is there and usable: undefined when missing, false for an INVALID leftover of a failed concurrent build. */
export async function uniqueValueIndexValid(database: Pick<Database, 'executeSql'>, field: string): Promise<boolean | undefined> {
  const { rows } = await database.executeSql(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
    [uniqueValueIndexName(field)],
  );
  const row = rows[0] as { valid: boolean } | undefined;
  return row?.valid;
}

/**
 * The field's index, built while the portal runs (ADR 0045: x-unique published live), before the
 * publication commits. On PostgreSQL CREATE INDEX CONCURRENTLY, which takes no lock that blocks writes
 * and cannot run in a transaction: a build that failed (or a process that died in it) leaves an
 * INVALID index that IF NOT EXISTS would keep, so such a leftover is dropped and built again. Two
 * publishers building the same one at once: the loser's error is ignored when the index is there and
 * valid afterwards. On PGlite (one connection, no concurrent writers) a plain CREATE INDEX. Idempotent.
 */
export async function ensureUniqueValueIndexOnline(database: Pick<Database, 'kind' | 'executeSql'>, field: string): Promise<void> {
  if (database.kind === 'pglite') {
    await database.executeSql(createStatement(field, false));
    return;
  }
  if ((await uniqueValueIndexValid(database, field)) === false)
    await database.executeSql(`DROP INDEX CONCURRENTLY IF EXISTS ${uniqueValueIndexName(field)}`);
  try {
    await database.executeSql(createStatement(field, true));
  } catch (error) {
    if ((await uniqueValueIndexValid(database, field)) !== true) throw error;
  }
  if ((await uniqueValueIndexValid(database, field)) !== true)
    throw new Error(`index ${uniqueValueIndexName(field)} is not valid after its build`);
}

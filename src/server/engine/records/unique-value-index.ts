import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
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

import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { records } from '../../db/schema';
import { personalCipherOf } from '../../services/crypto/personal-cipher';
import { hasPersonalPaths, sealPersonalValues, type PersonalPaths } from '../../services/crypto/personal-values';

const BATCH = 200;

/** A jsonpath filter true for a non-empty text not sealed with the key whose prefix is $p. */
const STALE = '? (@.type() == "string" && @ != "" && !(@ starts with $p))';

/**
 * The records of a folder holding a personal value not sealed with the current key (`prefix`: kc1:<id>:):
 * written in clear before ADR 0070, or under a retired key. The names match ^[a-zA-Z][a-zA-Z0-9_]*$
 * (the record meta-schema), so they can sit in the path; the prefix is a parameter.
 */
function staleCondition(personal: PersonalPaths, prefix: string): SQL | undefined {
  const vars = sql`jsonb_build_object('p', ${prefix}::text)`;
  const paths = [
    ...personal.sealedFields.map(([field]) => `$."${field}" ${STALE}`),
    ...personal.sealedColumns.map(([table, column]) => `$."${table}"[*]."${column}" ${STALE}`),
  ];
  return or(...paths.map((path) => sql`jsonb_path_exists(${records.data}, ${path}::jsonpath, ${vars})`));
}

/**
 * Seals the personal values (x-mask) of every record of `folders` not sealed with the current data key
 * (SECURITY R34, ADR 0070): at start-up those written in clear before encryption, after keys:rotate those
 * of the retired keys. A batch at a time in id order, each row only at the version it was read, so an
 * owner's write in between keeps the owner's (sealed) value; the version and the integrity seal stay as
 * they are, since what the record says does not change. Returns how many records it re-sealed.
 */
export async function resealRecords(db: Db, folders: Iterable<PersonalPaths & { name: string }>): Promise<number> {
  const cipher = personalCipherOf(db);
  const prefix = `kc1:${await cipher.currentKeyId()}:`;
  let total = 0;
  for (const folder of folders) {
    if (!hasPersonalPaths(folder)) continue;
    const stale = staleCondition(folder, prefix);
    let after: string | undefined;
    for (;;) {
      const rows = await db
        .select({ id: records.id, version: records.version, data: records.data })
        .from(records)
        .where(and(eq(records.resource, folder.name), stale, after === undefined ? undefined : gt(records.id, after)))
        .orderBy(asc(records.id))
        .limit(BATCH);
      for (const row of rows) {
        const sealed = await sealPersonalValues(cipher, folder, row.data);
        const done = await db
          .update(records)
          .set({ data: sealed.data, blind: sealed.blind })
          .where(and(eq(records.id, row.id), eq(records.version, row.version)))
          .returning({ id: records.id });
        total += done.length;
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) break;
      after = last.id;
    }
  }
  return total;
}

import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { applications } from '../../db/schema';
import { personalCipherOf } from '../../services/crypto/personal-cipher';
import { openApplication, sealApplicationData, stepPersonalPaths, type SealedStep } from './application-personal';

const BATCH = 200;

/** A jsonpath filter true for a non-empty text not sealed with the key whose prefix is $p. */
const STALE = '? (@.type() == "string" && @ != "" && !(@ starts with $p))';

/** The applications holding a personal value (x-mask in a step) not sealed with the current key (`prefix`: kc1:<id>:). */
function staleCondition(steps: readonly SealedStep[], prefix: string): SQL | undefined {
  const vars = sql`jsonb_build_object('p', ${prefix}::text)`;
  // Step keys and field names match ^[a-zA-Z][a-zA-Z0-9_]*$ (the manifest and record meta-schemas).
  const paths = steps.flatMap((step) => {
    const personal = stepPersonalPaths(step);
    return [
      ...personal.sealedFields.map(([field]) => `$."${step.key}"."${field}" ${STALE}`),
      ...personal.sealedColumns.map(([table, column]) => `$."${step.key}"."${table}"[*]."${column}" ${STALE}`),
    ];
  });
  if (paths.length === 0) return undefined;
  return or(...paths.map((path) => sql`jsonb_path_exists(${applications.data}, ${path}::jsonpath, ${vars})`));
}

/**
 * Seals the personal values (x-mask in a step, a team member's phone too) of every application of
 * `activities` not sealed with the current data key (SECURITY R34, ADR 0070): at start-up those written in
 * clear before encryption, after keys:rotate those of the retired keys. A batch at a time in id order, each
 * row only at the version it was read (the applicant's save in between wins); the version stays. Returns
 * how many applications it re-sealed.
 */
export async function resealApplications(
  db: Db,
  activities: Iterable<{ definition: { id: string; steps: readonly SealedStep[] } }>,
): Promise<number> {
  const prefix = `kc1:${await personalCipherOf(db).currentKeyId()}:`;
  let total = 0;
  for (const { definition } of activities) {
    const stale = staleCondition(definition.steps, prefix);
    if (!stale) continue;
    let after: string | undefined;
    for (;;) {
      const rows = await db
        .select({ id: applications.id, version: applications.version, data: applications.data })
        .from(applications)
        .where(and(eq(applications.activityId, definition.id), stale, after === undefined ? undefined : gt(applications.id, after)))
        .orderBy(asc(applications.id))
        .limit(BATCH);
      for (const row of rows) {
        const clear = await openApplication(db, row);
        const done = await db
          .update(applications)
          .set({ data: await sealApplicationData(db, definition.steps, clear.data) })
          .where(and(eq(applications.id, row.id), eq(applications.version, row.version)))
          .returning({ id: applications.id });
        total += done.length;
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) break;
      after = last.id;
    }
  }
  return total;
}

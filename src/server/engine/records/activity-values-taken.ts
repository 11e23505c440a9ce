import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../shared/activity/application-status';
import { uniqueText, type UniqueField } from '../../../shared/activity/unique-fields';
import { applications } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';

// A name is taken once an application using it is in review or accepted; drafts cannot squat on a name.
const HOLDS_NAMES: ApplicationStatus[] = ['submitted', 'returned', 'approved'];

/** Where a unique field's values sit in an application's data, as a jsonpath: `$."step"."name"`, `$."step"."projects"[*]."name"`. */
function uniqueValuesPath(step: string, field: UniqueField): string {
  // JSON string quoting is jsonpath's too, so any step or field name is spelt safely.
  const member = (name: string): string => `.${JSON.stringify(name)}`;
  const rows = field.column === undefined ? '' : `[*]${member(field.column)}`;
  return `$${member(step)}${member(field.property)}${rows}`;
}

/**
 * Which of `values` (as uniqueText spells them) applications of other users in this activity already use for an x-unique
 * field: a top-level field or any row of a table column. One query for all the values; the jsonpath
 * walks the rows (jsonb_path_query, in PostgreSQL since 12 and so in PGlite), and each value is
 * compared without its surrounding spaces (btrim, as uniqueText). No index serves it beyond the activity's: an expression index
 * cannot reach into an array's rows (a GIN index cannot compare trimmed text), and an activity's
 * applications number in the thousands at most.
 */
export async function valuesTakenByOthers(
  db: Runner,
  input: { activityId: string; userId: string; step: string; field: UniqueField; values: readonly string[] },
): Promise<Set<string>> {
  const wanted = [...new Set(input.values.map(uniqueText))].filter((value) => value !== '');
  if (wanted.length === 0) return new Set();
  const path = uniqueValuesPath(input.step, input.field);
  const listed = sql.join(
    wanted.map((value) => sql`${value}::text`),
    sql`, `,
  );
  const rows = await db
    // A driver hands jsonb back parsed or as text (drizzle's jsonb columns take both): either is read.
    .select({
      held: sql`jsonb_path_query_array(${applications.data}, ${path}::jsonpath)`.mapWith((value: unknown): unknown =>
        typeof value === 'string' ? JSON.parse(value) : value,
      ),
    })
    .from(applications)
    .where(
      and(
        eq(applications.activityId, input.activityId),
        ne(applications.userId, input.userId),
        inArray(applications.status, HOLDS_NAMES),
        sql`EXISTS (SELECT 1 FROM jsonb_path_query(${applications.data}, ${path}::jsonpath) AS found(value) WHERE jsonb_typeof(found.value) = 'string' AND btrim(found.value #>> '{}') IN (${listed}))`,
      ),
    );
  const taken = new Set<string>();
  for (const { held } of rows) {
    for (const value of Array.isArray(held) ? held : []) {
      if (typeof value === 'string' && wanted.includes(uniqueText(value))) taken.add(uniqueText(value));
    }
  }
  return taken;
}

/** Whether an application of another user in this activity already uses `value` for an x-unique field (termNameExists). */
export async function valueTakenByOthers(
  db: Runner,
  input: { activityId: string; userId: string; step: string; field: UniqueField; value: string },
): Promise<boolean> {
  const { value, ...rest } = input;
  return (await valuesTakenByOthers(db, { ...rest, values: [value] })).size > 0;
}

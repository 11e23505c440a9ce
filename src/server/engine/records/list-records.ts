import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { containsPattern } from '../../lib/contains-pattern';
import { recordCounts, records, users } from '../../db/schema';
import { sha256Hex } from '../../lib/sha256';
import { columnPath, type PersonalPaths } from '../../services/crypto/personal-values';
import { blindHolds, openRecordRows, type RecordWithOwner } from './record-store';
import { targetOwnedCondition } from './target-owner';

/**
 * Whose records a list shows (a list file's scope): everyone's, one owner's, one organisation's, those
 * addressed to one number, or those whose target (a record of `resource` named by its id in `field`) one user owns.
 */
export type RecordScope =
  | { kind: 'all' }
  | { kind: 'owner'; id: string }
  | { kind: 'org'; id: string }
  | { kind: 'orgs'; ids: string[] }
  | {
      kind: 'addressee';
      field: string;
      phoneField: string;
      phone: string;
      /** The number's blind index when the table's phone column is personal (x-mask): stored sealed, it is found by it (ADR 0070). */
      digest?: string | undefined;
    }
  | { kind: 'targetOwner'; resource: string; field: string; ownerId: string };

export interface RecordFilter {
  field: string;
  /**
   * oneOf: the text is one of the values (a jurisdiction's units); prefix: the text starts with the
   * value (a date's month); notBefore: a date from the value on, or none (a policy in force); before:
   * a date before the value (one that ended); anyOf: an array sharing a value with the values (tags);
   * blind: a personal field (x-mask) holding the value whose blind index is the value (ADR 0070: sealed, it
   * matches exactly, never in part).
   */
  match: 'equals' | 'contains' | 'oneOf' | 'prefix' | 'notBefore' | 'before' | 'anyOf' | 'blind';
  value: string | number | boolean | readonly string[];
}

export interface RecordSort {
  field: string;
  order: 'ascend' | 'descend';
  /** How the field orders: a record column, a number in the data, or text in the data. */
  kind: 'column' | 'number' | 'text';
  /**
   * An agenda's order (list layout agenda): records whose end field (a date-time) is not yet past come
   * first, soonest first, then the ended ones, latest first; `field` is the start. Without it, by field alone.
   */
  upcoming?: { end: string; now: string };
}

export interface RecordListQuery {
  resource: string;
  scope: RecordScope;
  /** The states shown; the list file's, narrowed by a status filter. */
  statuses: string[];
  /** Filters on the record's data (the status is in `statuses`). */
  filters: RecordFilter[];
  sort: RecordSort;
  pageNo: number;
  pageSize: number;
  /** The data fields each row carries (a list for visitors: those its columns, layout and links show); all when absent. */
  fields?: readonly string[];
  /** The folder's personal paths (x-mask): the page's rows come with their values opened (ADR 0070). */
  personal?: PersonalPaths | undefined;
}

const COLUMNS: Record<string, SQL> = {
  createdAt: sql`${records.createdAt}`,
  updatedAt: sql`${records.updatedAt}`,
  status: sql`${records.status}`,
  ownerName: sql`${users.fullname}`,
};

function scopeCondition(scope: RecordScope): SQL | undefined {
  if (scope.kind === 'owner') return eq(records.ownerId, scope.id);
  if (scope.kind === 'org') return eq(records.orgId, scope.id);
  if (scope.kind === 'orgs') return inArray(records.orgId, scope.ids);
  // The names match ^[a-zA-Z][a-zA-Z0-9_]*$ (resource meta-schema); the number is a parameter.
  if (scope.kind === 'addressee' && scope.digest !== undefined) return blindHolds(columnPath(scope.field, scope.phoneField), scope.digest);
  if (scope.kind === 'addressee')
    return sql`jsonb_path_exists(${records.data}, ${`$."${scope.field}"[*] ? (@."${scope.phoneField}" == $phone)`}::jsonpath, jsonb_build_object('phone', ${scope.phone}::text))`;
  if (scope.kind === 'targetOwner') return targetOwnedCondition(scope);
  return undefined;
}

function filterCondition(filter: RecordFilter): SQL {
  if (filter.match === 'blind') return blindHolds(filter.field, String(filter.value));
  if (filter.match === 'oneOf') {
    const values = Array.isArray(filter.value) ? (filter.value as readonly string[]) : [];
    if (values.length === 0) return sql`false`;
    return sql`btrim(${records.data} ->> ${filter.field}::text) IN (${sql.join(
      values.map((value) => sql`${value}::text`),
      sql`, `,
    )})`;
  }
  if (filter.match === 'anyOf') {
    const values = Array.isArray(filter.value) ? (filter.value as readonly string[]) : [];
    if (values.length === 0) return sql`false`;
    return sql`jsonb_exists_any(${records.data} -> ${filter.field}::text, ARRAY[${sql.join(
      values.map((value) => sql`${value}::text`),
      sql`, `,
    )}])`;
  }
  // Dates are stored as YYYY-MM-DD text, whose order is the calendar's.
  if (filter.match === 'prefix')
    return sql`left(${records.data} ->> ${filter.field}::text, ${String(filter.value).length}) = ${String(filter.value)}::text`;
  if (filter.match === 'notBefore') return sql`coalesce(${records.data} ->> ${filter.field}::text >= ${String(filter.value)}::text, true)`;
  if (filter.match === 'before') return sql`${records.data} ->> ${filter.field}::text < ${String(filter.value)}::text`;
  if (filter.match === 'contains')
    return sql`${records.data} ->> ${filter.field}::text ILIKE ${containsPattern(String(filter.value))}::text ESCAPE '\\'`;
  return sql`${records.data} -> ${filter.field}::text = ${JSON.stringify(filter.value)}::jsonb`;
}

/** The WHERE of a list: its resource, scope, states and filters. Counts and figures (dashboards) read the same rows through it. */
export function whereOf(query: RecordListQuery): SQL | undefined {
  return and(
    eq(records.resource, query.resource),
    scopeCondition(query.scope),
    inArray(records.status, query.statuses),
    ...query.filters.map(filterCondition),
  );
}

function orderOf(sort: RecordSort): SQL[] {
  const direction = sort.order === 'ascend' ? asc : desc;
  let expression: SQL;
  if (sort.kind === 'column') expression = sql`${COLUMNS[sort.field] ?? records.updatedAt}`;
  else if (sort.kind === 'number') expression = sql`(${records.data} ->> ${sort.field}::text)::numeric`;
  else expression = sql`${records.data} ->> ${sort.field}::text`;
  if (sort.upcoming) {
    // Date-times are checked (format date-time) on every write, so the cast cannot fail on a stored value.
    const ended = sql`coalesce((${records.data} ->> ${sort.upcoming.end}::text)::timestamptz < ${sort.upcoming.now}::timestamptz, true)`;
    const start = sql`(${records.data} ->> ${sort.field}::text)::timestamptz`;
    return [asc(ended), sql`case when ${ended} then null else ${start} end asc`, desc(start), asc(records.id)];
  }
  // The id breaks ties, so a page never repeats or skips a row between requests.
  return [direction(expression), direction(records.id)];
}

/** The trigger-kept counts' key of a scope; none for an addressee's, several units' or a target owner's, which the counts do not keep. */
function scopeKey(scope: RecordScope): string | undefined {
  if (scope.kind === 'all') return '*';
  if (scope.kind === 'addressee' || scope.kind === 'orgs' || scope.kind === 'targetOwner') return undefined;
  return `${scope.kind === 'owner' ? 'u' : 'o'}:${scope.id}`;
}

/**
 * The one way to count a list's total, as an expression. Without data filters it sums the
 * trigger-kept counts of the scope's states (a few rows, however many records); with them, or for an
 * addressee's list, it counts the matching rows, which the filters or the addressee have narrowed.
 */
function totalExpression(query: RecordListQuery): SQL {
  const key = scopeKey(query.scope);
  if (query.filters.length === 0 && key !== undefined) {
    return sql`(SELECT coalesce(sum(${recordCounts.n}), 0) FROM ${recordCounts} WHERE ${and(eq(recordCounts.resource, query.resource), eq(recordCounts.scope, key), inArray(recordCounts.status, query.statuses))})`;
  }
  return sql`(SELECT count(*) FROM ${records} WHERE ${whereOf(query)})`;
}

export async function countRecords(db: Db, query: RecordListQuery): Promise<number> {
  if (query.statuses.length === 0) return 0;
  const rows = await db.select({ total: sql<string>`${totalExpression(query)}` }).from(sql`(SELECT 1) AS one`);
  return Number(rows[0]?.total ?? 0);
}

/** One page of a list, newest first unless the list sorts otherwise, with the owner's name. */
export async function listRecordPage(db: Db, query: RecordListQuery): Promise<RecordWithOwner[]> {
  return (await pageWithTotal(db, query, false)).rows;
}

async function pageWithTotal(
  db: Db,
  query: RecordListQuery,
  withTotal: boolean,
): Promise<{ total: number | undefined; rows: RecordWithOwner[] }> {
  if (query.statuses.length === 0) return { total: 0, rows: [] };
  const select = db
    .select({ record: records, ownerName: users.fullname, ...(withTotal ? { total: sql<string>`${totalExpression(query)}` } : {}) })
    .from(records)
    .leftJoin(users, eq(users.id, records.ownerId))
    .where(whereOf(query))
    .orderBy(...orderOf(query.sort))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  // A named statement per query shape: PostgreSQL plans each shape once per connection, not per
  // request (the plan, not the count, is most of a paged list's cost). Values stay parameters.
  const rows = await select.prepare(`records_page_${sha256Hex(select.toSQL().sql).slice(0, 16)}`).execute();
  const first = rows[0] as { total?: string } | undefined;
  return {
    total: first?.total === undefined ? undefined : Number(first.total),
    rows: await openRecordRows(
      db,
      query.personal,
      rows.map((row) => ({ ...row.record, ownerName: row.ownerName })),
    ),
  };
}

/**
 * A page and its total in one round trip: the total is an uncorrelated sub-select, evaluated once
 * per query. Only a page past the end (no rows to carry it) asks for the total on its own.
 */
export async function listRecords(db: Db, query: RecordListQuery): Promise<{ total: number; rows: RecordWithOwner[] }> {
  const page = await pageWithTotal(db, query, true);
  return { total: page.total ?? (await countRecords(db, query)), rows: page.rows };
}

/**
 * A list's counts grouped by a field (list file summary): by month of a YYYY-MM-DD date (newest month
 * first) or by the field's value (largest group first). Records without the field are left out.
 */
export async function summarizeRecords(
  db: Db,
  query: RecordListQuery,
  field: string,
  by: 'month' | 'value',
): Promise<{ key: string; count: number }[]> {
  if (query.statuses.length === 0) return [];
  const value = sql`${records.data} ->> ${field}::text`;
  const key = by === 'month' ? sql<string>`left(${value}, 7)` : sql<string>`${value}`;
  const rows = await db
    .select({ key, count: sql<string>`count(*)` })
    .from(records)
    .where(and(whereOf(query), sql`${value} IS NOT NULL`))
    // By position: the key's field name is a parameter, and PostgreSQL does not match $1 to $4.
    .groupBy(sql`1`)
    .orderBy(...(by === 'month' ? [sql`1 DESC`] : [sql`2 DESC`, sql`1`]))
    .limit(1000);
  return rows.map((row) => ({ key: row.key, count: Number(row.count) }));
}

import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { records } from '../../db/schema';
import { whereOf, type RecordListQuery } from './list-records';

/** What one widget asks of a list's records: a count or a sum, over all of them, per value of a field, or per period of a date. */
export interface AggregateAsk {
  /** Numeric data fields summed (a missing one as 0); a count of records without. */
  sum?: readonly string[];
  group:
    | { kind: 'none' }
    | { kind: 'field'; field: string; limit: number }
    /** A record column (createdAt, updatedAt) or a data field of format date or date-time; periods from `from` (a Monday or a 1st, YYYY-MM-DD). */
    | { kind: 'period'; date: string; dateKind: 'column' | 'date' | 'date-time'; period: 'week' | 'month'; from: string };
}

/** One figure: the group's key (a field's value, a period's first day, '' for none) and its count or sum. */
export interface AggregateRow {
  key: string;
  value: number;
  /** A source may name its groups itself (an activity's title for its id). */
  label?: string;
}

const DATE_COLUMNS: Record<string, SQL> = {
  createdAt: sql`${records.createdAt}`,
  updatedAt: sql`${records.updatedAt}`,
};

function measureOf(sum: readonly string[] | undefined): SQL {
  if (!sum || sum.length === 0) return sql`count(*)`;
  // Every value was checked as a number on write (the record schema), so the cast cannot fail.
  const terms = sum.map((field) => sql`coalesce((${records.data} ->> ${field}::text)::numeric, 0)`);
  return sql`coalesce(sum(${sql.join(terms, sql` + `)}), 0)`;
}

/**
 * The bucket of a date in Beijing time: a timestamp column or a date-time is moved to Beijing's wall
 * clock first; a YYYY-MM-DD date is a Beijing calendar day already. 'Asia/Shanghai' has had no
 * daylight saving since 1991, and PGlite and PostgreSQL both know it.
 */
export function periodStart(date: string, dateKind: 'column' | 'date' | 'date-time', period: 'week' | 'month'): SQL {
  const unit = sql.raw(period === 'week' ? `'week'` : `'month'`);
  const value =
    dateKind === 'column'
      ? sql`(${DATE_COLUMNS[date] ?? records.createdAt} AT TIME ZONE 'Asia/Shanghai')`
      : dateKind === 'date'
        ? sql`((${records.data} ->> ${date}::text)::date)::timestamp`
        : sql`((${records.data} ->> ${date}::text)::timestamptz AT TIME ZONE 'Asia/Shanghai')`;
  return sql`date_trunc(${unit}, ${value})`;
}

/**
 * One widget's figures over exactly the rows of a list (whereOf: the list's resource, scope, states
 * and filters, jurisdiction and fixed conditions included), grouped and measured in SQL: nothing the
 * caller may not read is counted, and no row leaves the database.
 */
export async function aggregateRecords(db: Db, query: RecordListQuery, ask: AggregateAsk): Promise<AggregateRow[]> {
  if (query.statuses.length === 0) return ask.group.kind === 'none' ? [{ key: '', value: 0 }] : [];
  const value = measureOf(ask.sum);
  const where = whereOf(query);
  const { group } = ask;
  if (group.kind === 'none') {
    const rows = await db
      .select({ value: sql<string>`${value}` })
      .from(records)
      .where(where);
    return [{ key: '', value: Number(rows[0]?.value ?? 0) }];
  }
  if (group.kind === 'field') {
    const key = group.field === 'status' ? sql<string>`${records.status}` : sql<string>`${records.data} ->> ${group.field}::text`;
    const rows = await db
      .select({ key, value: sql<string>`${value}` })
      .from(records)
      .where(and(where, sql`${key} IS NOT NULL`))
      // By position: the key's field name is a parameter, and PostgreSQL does not match $1 to $4.
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC`, sql`1`)
      .limit(group.limit);
    return rows.map((row) => ({ key: row.key, value: Number(row.value) }));
  }
  const start = periodStart(group.date, group.dateKind, group.period);
  const rows = await db
    .select({ key: sql<string>`to_char(${start}, 'YYYY-MM-DD')`, value: sql<string>`${value}` })
    .from(records)
    .where(and(where, sql`${start} >= ${group.from}::timestamp`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ key: row.key, value: Number(row.value) }));
}

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isApplicationStatus } from '../../../shared/activity/application-status';
import { applications } from '../../db/schema';
import type { AggregateAsk, AggregateRow } from '../../engine/records/aggregate-records';
import type { ListSourceQuery } from '../../engine/records/list-source';
import { activityTitle } from './application-context';

/** The record fields of schemas/resources/application a figure may group by, as the table's columns. */
const GROUP_COLUMNS: Record<string, SQL> = {
  status: sql`${applications.status}`,
  activityId: sql`${applications.activityId}`,
};
const DATE_COLUMNS: Record<string, SQL> = {
  submittedAt: sql`${applications.submittedAt}`,
  createdAt: sql`${applications.createdAt}`,
  updatedAt: sql`${applications.updatedAt}`,
};

/**
 * A dashboard widget over 审核管理 or 我的申报 (the applications table, ADR 0010): counts by the same
 * WHERE as the list source's page (its states, and the owner for a "mine" list), grouped by status or
 * activity (named by its title), or by week or month of a date column in Beijing time. No sums: an
 * application has no numeric fields in its list row.
 */
export async function applicationFigures(
  app: FastifyInstance,
  query: ListSourceQuery,
  ask: AggregateAsk,
): Promise<AggregateRow[] | undefined> {
  if (ask.sum && ask.sum.length > 0) return undefined;
  const statuses = query.statuses.filter(isApplicationStatus);
  const { group } = ask;
  if (statuses.length === 0) return group.kind === 'none' ? [{ key: '', value: 0 }] : [];
  const where = and(
    inArray(applications.status, statuses),
    query.scope.kind === 'owner' ? eq(applications.userId, query.scope.id) : undefined,
  );
  const db = app.database.db;
  if (group.kind === 'none') {
    const rows = await db
      .select({ value: sql<string>`count(*)` })
      .from(applications)
      .where(where);
    return [{ key: '', value: Number(rows[0]?.value ?? 0) }];
  }
  if (group.kind === 'field') {
    const key = GROUP_COLUMNS[group.field];
    if (!key) return undefined;
    const rows = await db
      .select({ key: sql<string>`${key}`, value: sql<string>`count(*)` })
      .from(applications)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC`, sql`1`)
      .limit(group.limit);
    return rows.map((row) => ({
      key: row.key,
      value: Number(row.value),
      ...(group.field === 'activityId' ? { label: activityTitle(app, row.key, query.locale) } : {}),
    }));
  }
  const column = DATE_COLUMNS[group.date];
  if (!column) return undefined;
  const unit = sql.raw(group.period === 'week' ? `'week'` : `'month'`);
  const start = sql`date_trunc(${unit}, ${column} AT TIME ZONE 'Asia/Shanghai')`;
  const rows = await db
    .select({ key: sql<string>`to_char(${start}, 'YYYY-MM-DD')`, value: sql<string>`count(*)` })
    .from(applications)
    .where(and(where, sql`${column} IS NOT NULL`, sql`${start} >= ${group.from}::timestamp`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ key: row.key, value: Number(row.value) }));
}

import { and, asc, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import { units } from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';
import type { ListSource } from '../../engine/records/list-source';

/** The resource folder schemas/resources/organisation names this source. */
const RESOURCE = 'organisation';

/**
 * The directory of settled organisations (spec §7 queryOrgByOrgName): each unit's name, how many
 * members it has and since when it is on the portal, searched by a part of its name. Names and
 * counts only: who the members are is for the unit's administrator (queryUserByOrgId).
 */
export function unitListSource(app: FastifyInstance): ListSource {
  return {
    async list(query) {
      if (!query.statuses.includes('settled')) return { total: 0, records: [] };
      const db = app.database.db;
      const keyword = query.filters.find((filter) => filter.field === 'orgName')?.value;
      // A "mine" list (spec §7 unit): the caller's own units, each saying whether the caller administers it.
      const owner = query.scope.kind === 'owner' ? query.scope.id : undefined;
      const where = and(
        typeof keyword === 'string' && keyword.trim() !== '' ? ilike(units.name, containsPattern(keyword.trim())) : undefined,
        owner === undefined
          ? undefined
          : sql`EXISTS (SELECT 1 FROM user_units mine WHERE mine.unit_id = "units"."id" AND mine.user_id = ${owner})`,
      );
      // Qualified by hand: in a one-table select Drizzle leaves column names bare, which a subquery would misread.
      const members = sql<number>`(SELECT count(*)::int FROM user_units uu WHERE uu.unit_id = "units"."id")`;
      const administrator =
        owner === undefined
          ? sql<boolean>`false`
          : sql<boolean>`EXISTS (SELECT 1 FROM user_units mine WHERE mine.unit_id = "units"."id" AND mine.user_id = ${owner} AND mine.is_admin)`;
      const total =
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(units)
            .where(where)
        )[0]?.n ?? 0;
      const rows = await db
        .select({ id: units.id, name: units.name, createdAt: units.createdAt, members, administrator })
        .from(units)
        .where(where)
        .orderBy(asc(units.name))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize);
      const records: RecordView[] = rows.map((unit) => ({
        id: unit.id,
        resource: RESOURCE,
        status: 'settled',
        version: 1,
        data:
          owner === undefined
            ? { orgName: unit.name, members: unit.members }
            : { orgName: unit.name, members: unit.members, administrator: unit.administrator },
        ownerName: null,
        createdAt: unit.createdAt.toISOString(),
        updatedAt: unit.createdAt.toISOString(),
        editable: false,
        actions: [],
      }));
      return { total, records };
    },
  };
}

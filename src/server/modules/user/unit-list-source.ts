import { asc, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import { units } from '../../db/schema';
import { containsPattern } from '../../lib/contains-pattern';
import type { ListSource } from '../resource/list-source';

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
      const where = typeof keyword === 'string' && keyword.trim() !== '' ? ilike(units.name, containsPattern(keyword.trim())) : undefined;
      // Qualified by hand: in a one-table select Drizzle leaves column names bare, which a subquery would misread.
      const members = sql<number>`(SELECT count(*)::int FROM user_units uu WHERE uu.unit_id = "units"."id")`;
      const total = (await db.select({ n: sql<number>`count(*)::int` }).from(units).where(where))[0]?.n ?? 0;
      const rows = await db
        .select({ id: units.id, name: units.name, createdAt: units.createdAt, members })
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
        data: { orgName: unit.name, members: unit.members },
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

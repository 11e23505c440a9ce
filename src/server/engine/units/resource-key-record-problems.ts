import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { records } from '../../db/schema';
import type { CompiledResource } from './compiled-resource';
import type { UnitProblem } from './schema-unit-error';

const KEYS_OF_STORED_RECORDS = {
  owner: '决定已保存的记录属于谁、谁能修改和查看它们',
  target: '决定已保存的记录关联哪条目标记录（保存时按字段匹配，到达状态时改动目标）',
  organisation: '已保存的记录在到达状态时已建立单位和成员关系，改动不会撤销或补做',
} as const;

async function storedCount(db: Db, resource: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(records).where(eq(records.resource, resource));
  return Number(row?.n ?? 0);
}

/** How many groups of the folder's stored records share every value of a set (empty values are not compared, as unique-sets.ts does). */
async function repeatedGroups(db: Db, resource: string, fields: readonly string[]): Promise<number> {
  const filled: SQL[] = fields.map((field) => sql`coalesce(${records.data} ->> ${field}::text, '') <> ''`);
  const keys = fields.map((field) => sql`${records.data} -> ${field}::text`);
  const groups = db
    .select({ n: count().as('n') })
    .from(records)
    .where(and(eq(records.resource, resource), ...filled))
    .groupBy(...keys)
    .having(sql`count(*) > 1`)
    .as('groups');
  const [row] = await db.select({ n: count() }).from(groups);
  return Number(row?.n ?? 0);
}

/**
 * What the stored records refuse of a live folder's resource.json (ADR 0048), each problem at
 * `resource.json#/<key>`:
 * - `owner`, `target` or `organisation` changed while the folder has records: each names what the stored
 *   records already hold (their owner, their target, the organisations they made). On a folder without
 *   records they are live: the write pipeline and the effects read them at each request;
 * - a new `unique` set that stored records already repeat (how many groups, never a value): the next save
 *   of each would be refused. Otherwise live: unique-sets.ts reads the sets in each write's transaction.
 */
export async function resourceKeyRecordProblems(db: Db, live: CompiledResource, candidate: CompiledResource): Promise<UnitProblem[]> {
  const file = `resources/${live.name}/resource.json`;
  const problems: UnitProblem[] = [];
  const changed = (Object.keys(KEYS_OF_STORED_RECORDS) as (keyof typeof KEYS_OF_STORED_RECORDS)[]).filter(
    (key) => JSON.stringify(live.resource[key]) !== JSON.stringify(candidate.resource[key]),
  );
  if (changed.length > 0) {
    const stored = await storedCount(db, live.name);
    if (stored > 0)
      for (const key of changed)
        problems.push({
          file,
          pointer: `/${key}`,
          message: `${key} ${KEYS_OF_STORED_RECORDS[key]}；文件夹中已有 ${stored} 条记录，不能在线修改。没有记录的记录类型可以在线修改；已有记录时请修改文件、核对已有记录后重启门户`,
        });
  }
  const liveSets = new Set((live.resource.unique ?? []).map((set) => JSON.stringify(set.fields)));
  for (const [index, set] of (candidate.resource.unique ?? []).entries()) {
    if (liveSets.has(JSON.stringify(set.fields))) continue;
    const groups = await repeatedGroups(db, live.name, set.fields);
    if (groups > 0)
      problems.push({
        file,
        pointer: `/unique/${index}`,
        message: `已保存的记录中有 ${groups} 组在 ${set.fields.join('、')} 上取值相同，新增这条唯一规则会让它们再次保存时被拒绝，不能发布；请先处理这些重复的记录`,
      });
  }
  return problems;
}

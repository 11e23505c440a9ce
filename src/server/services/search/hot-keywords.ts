import { desc, gte, sql } from 'drizzle-orm';
import type { Runner } from '../../db/write-with-history';
import { searchKeywords } from '../../db/schema';
import { beijingDate } from '../../../shared/rules/beijing-date';

// A keyword longer than this is a question, not a hot search; it is not counted.
const HOT_KEYWORD_MAX = 20;
const HOT_DAYS = 30;

/** The keyword as it is counted: spaces collapsed, Latin letters lowered. */
export function normaliseKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Counts a search that found something, on its Beijing day. */
export async function countKeyword(db: Runner, keyword: string, now: Date): Promise<void> {
  const normalised = normaliseKeyword(keyword);
  if (normalised.length === 0 || [...normalised].length > HOT_KEYWORD_MAX) return;
  await db
    .insert(searchKeywords)
    .values({ keyword: normalised, day: beijingDate(now), n: 1 })
    .onConflictDoUpdate({ target: [searchKeywords.keyword, searchKeywords.day], set: { n: sql`${searchKeywords.n} + 1` } });
}

/** The most searched keywords of the last 30 Beijing days. */
export async function hotKeywords(db: Runner, now: Date, limit: number): Promise<Array<{ keyword: string; count: number }>> {
  const since = beijingDate(new Date(now.getTime() - HOT_DAYS * 86_400_000));
  const count = sql<number>`sum(${searchKeywords.n})::int`;
  return db
    .select({ keyword: searchKeywords.keyword, count })
    .from(searchKeywords)
    .where(gte(searchKeywords.day, since))
    .groupBy(searchKeywords.keyword)
    .orderBy(desc(count), searchKeywords.keyword)
    .limit(limit);
}

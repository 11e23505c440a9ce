import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import type { HotSearch } from '../../../../src/shared/generated/hot-search';
import type { SearchPage } from '../../../../src/shared/generated/search-page';
import judged from '../../../fixtures/search-relevance.json';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * The search's relevance over the demo's 260 articles (issue 13): a fixed set of queries with
 * judged answers (tests/fixtures/search-relevance.json). Prints precision@5 per query and overall.
 */
let t: TestApp;
let publishedTitles: string[];

async function search(keyword: string, pageSize = 5): Promise<SearchPage> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/sys/api/search',
    query: { keyword, pageSize: String(pageSize), source: 'article' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: SearchPage }).data;
}

const titleOf = (hit: SearchPage['records'][number]): string => hit.title.map((part) => part.text).join('');

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
  const rows = await t.db
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.resource, 'article'), eq(records.status, 'published')));
  publishedTitles = rows.map((row) => String(row.data['title']));
});
afterAll(async () => t.close());

describe('search relevance on the demo corpus', () => {
  it(`has at least 30 judged queries, each with something to find`, () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(30);
    for (const { query, relevant } of judged.queries)
      expect(
        publishedTitles.some((title) => new RegExp(relevant, 'u').test(title)),
        query,
      ).toBe(true);
  });

  it('puts judged answers in the first five (precision@5)', async () => {
    const rows: string[] = [];
    let sum = 0;
    for (const { query, relevant } of judged.queries) {
      const pattern = new RegExp(relevant, 'u');
      const available = publishedTitles.filter((title) => pattern.test(title)).length;
      const top = (await search(query)).records.map(titleOf);
      const hits = top.filter((title) => pattern.test(title)).length;
      const precision = hits / Math.min(5, available);
      sum += precision;
      rows.push(
        `${precision.toFixed(2)}  ${query}（${hits}/${Math.min(5, available)}）${precision < 1 ? `  ← ${top.filter((title) => !pattern.test(title)).join('；')}` : ''}`,
      );
    }
    const mean = sum / judged.queries.length;
    console.log(`search precision@5 over ${judged.queries.length} judged queries: ${mean.toFixed(3)}\n${rows.join('\n')}`);
    // The bar: nine in ten of the first five are what the reader wanted.
    expect(mean).toBeGreaterThanOrEqual(0.9);
  });

  it('finds a policy by its key phrase on the first page, first, highlighted', async () => {
    const page = await search('研发投入后补助实施细则', 10);
    expect(titleOf(page.records[0]!)).toBe('江城市企业研发投入后补助实施细则');
    expect(page.records[0]?.title.some((part) => part.hit)).toBe(true);
  });

  it('counts only what holds the keyword: a part of a word does not stand for it', async () => {
    const rows = await t.db
      .select({ data: records.data })
      .from(records)
      .where(and(eq(records.resource, 'article'), eq(records.status, 'published')));
    const holding = rows.filter((row) =>
      ['title', 'summary', 'body', 'docNumber', 'source'].some((field) => String(row.data[field] ?? '').includes('创新券')),
    ).length;
    const found = await search('创新券');
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(holding);
  });

  it('seeds hot searches that each find something', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/api/article/hotSearch' });
    const hot = (response.json() as { data: HotSearch[] }).data;
    expect(hot.length).toBeGreaterThanOrEqual(8);
    expect(hot[0]?.keyword).toBe('高新技术企业');
    for (const { keyword } of hot) expect((await search(keyword)).total, keyword).toBeGreaterThan(0);
  });
});

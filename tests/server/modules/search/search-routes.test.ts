import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotSearch } from '../../../../src/shared/generated/hot-search';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { SearchPage } from '../../../../src/shared/generated/search-page';
import { call } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * The portal's search (issue 13): public records of searchable folders and the activities, cut into
 * Chinese words on the server and found through PostgreSQL's full-text index, without a token.
 */
let t: TestApp;
let editor: TestUser;
let colleague: TestUser;

const SEARCH = '/api/sys/api/search';

async function search(
  query: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<{ status: number; page: SearchPage }> {
  const response = await t.app.inject({
    method: 'GET',
    url: SEARCH,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers,
  });
  return { status: response.statusCode, page: (response.json() as { data: SearchPage }).data };
}

const joined = (parts: Array<{ text: string }>): string => parts.map((part) => part.text).join('');
const marked = (parts: Array<{ text: string; hit: boolean }>): string[] => parts.filter((part) => part.hit).map((part) => part.text);

async function create(data: Record<string, unknown>): Promise<RecordView> {
  const created = await call<RecordView>(t, editor, 'POST', '/api/resources/article/create', data);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

// An editor may not take down an item of their own: a colleague does.
async function move(record: RecordView, transition: string, note?: string, by: TestUser = editor): Promise<RecordView> {
  const moved = await call<RecordView>(t, by, 'POST', `/api/resources/article/transitions/${transition}`, {
    id: record.id,
    version: record.version,
    ...(note ? { note } : {}),
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return moved.body.data;
}

const policy = (title: string, body: string): Record<string, unknown> => ({
  title,
  catalogName: '政策文件',
  kind: 'policy',
  source: '江城市科学技术委员会',
  publishDate: '2026-09-01',
  body,
});

beforeAll(async () => {
  t = await createTestApp();
  editor = await createLoggedInUser(t, 'editor', 'editor');
  colleague = await createLoggedInUser(t, 'editor', 'editor');
  const catalog = await call(t, editor, 'POST', '/api/resources/catalog/create', {
    name: '政策文件',
    code: 'policy',
    kind: 'policy',
    sort: 10,
  });
  expect(catalog.status).toBe(200);
});
afterAll(async () => t.close());

describe('search: /sys/api/search', () => {
  it('finds a published policy by its key phrase in Chinese, first, with the words marked, without a token', async () => {
    const draft = await create(
      policy('江城市研发费用加计扣除奖补实施细则', '<p>对企业<strong>研发费用加计扣除</strong>后的增量部分给予奖补。</p>'),
    );
    await move(await create(policy('关于举办科技成果转化对接会的通知', '<p>本次对接会邀请高校院所与企业参加。</p>')), 'publish');
    // A draft is not found.
    expect((await search({ keyword: '加计扣除' })).page.total).toBe(0);

    const published = await move(draft, 'publish');
    const { status, page } = await search({ keyword: '研发费用加计扣除' });
    expect(status).toBe(200);
    expect(page.total).toBe(1);
    const [hit] = page.records;
    expect(joined(hit?.title ?? [])).toBe('江城市研发费用加计扣除奖补实施细则');
    expect(marked(hit?.title ?? [])).toContain('研发费用加计扣除');
    expect(hit?.href).toBe(`/home/articles/detail?id=${published.id}`);
    expect(hit?.sourceTitle).toBe('资讯与政策');
    expect(hit?.kind).toBe('政策文件');
    expect(hit?.date).toBe('2026-09-01');
    // The rich text is searched and shown as plain text.
    expect(joined(hit?.snippet ?? [])).not.toContain('<');
    expect(marked(hit?.snippet ?? [])).toContain('研发费用加计扣除');

    // A part of a long word finds it too (加计扣除 inside 研发费用加计扣除), and so does a word of the body.
    expect((await search({ keyword: '加计扣除' })).page.total).toBe(1);
    expect((await search({ keyword: '增量 奖补' })).page.records[0]?.key).toBe(`record:${published.id}`);
    // The bearer token is not needed, and a wrong one is ignored.
    expect((await search({ keyword: '加计扣除' }, { authorization: 'Bearer not-a-token' })).status).toBe(200);

    // Unpublished: gone from the search in the same transaction.
    await move(published, 'unpublish', '政策调整，暂停执行', colleague);
    expect((await search({ keyword: '加计扣除' })).page.total).toBe(0);
  });

  it('finds the activities from their folders, and narrows by source with counts per source', async () => {
    const all = await search({ keyword: '申报' });
    expect(all.page.sources.some((entry) => entry.source === 'activity' && entry.title === '申报活动')).toBe(true);
    const activities = await search({ keyword: '申报', source: 'activity' });
    expect(activities.page.records.length).toBeGreaterThan(0);
    expect(activities.page.records.every((hit) => hit.source === 'activity' && hit.href.startsWith('/activities#activity-'))).toBe(true);
    expect(activities.page.total).toBe(all.page.sources.find((entry) => entry.source === 'activity')?.count);
  });

  it('answers a question that holds no document’s every word with those holding some, and says plainly when nothing matches', async () => {
    const page = (await search({ keyword: '科技成果转化 火星基地' })).page;
    expect(page.total).toBeGreaterThan(0);
    expect(joined(page.records[0]?.title ?? [])).toContain('科技成果转化');
    const nothing = (await search({ keyword: '量子引力波望远镜' })).page;
    expect(nothing).toMatchObject({ total: 0, records: [] });
  });

  it('refuses a missing, blank or overlong keyword and a bad page with a 400, and pages', async () => {
    for (const query of [
      {},
      { keyword: '   ' },
      { keyword: '政'.repeat(51) },
      { keyword: '政策', pageSize: 500 },
      { keyword: '政策', source: 'A;drop' },
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: SEARCH,
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    const first = await search({ keyword: '通知 申报', pageSize: 1 });
    expect(first.status, JSON.stringify(first)).toBe(200);
    const second = await search({ keyword: '通知 申报', pageSize: 1, pageNo: 2 });
    expect(first.page.total).toBeGreaterThan(1);
    expect(second.page.records[0]?.key).not.toBe(first.page.records[0]?.key);
  });

  it('hot searches: keywords that found something, most searched first', async () => {
    for (let index = 0; index < 3; index += 1) await search({ keyword: '科技成果转化' });
    await search({ keyword: '量子引力波望远镜' });
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/api/article/hotSearch' });
    expect(response.statusCode).toBe(200);
    const hot = (response.json() as { data: HotSearch[] }).data;
    expect(hot[0]).toEqual({ keyword: '科技成果转化', count: 3 });
    expect(hot.some((entry) => entry.keyword === '量子引力波望远镜')).toBe(false);
  });
});

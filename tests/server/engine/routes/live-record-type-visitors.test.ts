import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

interface UnitBody {
  version: string;
  files: Record<string, string>;
}
interface RecordBody {
  id: string;
  status: string;
  version: number;
  data: Record<string, unknown>;
}
interface SearchBody {
  total: number;
  records: { title: string; href: string }[];
}

const NAME = 'award-show';
const BASE = `/api/resources/${NAME}`;

/*
 * ADRs 0047–0051 for what a visitor meets of a record type made in the browser: a copy of a public folder
 * (成果展示) keeps its visitors' states and fields; its published records reach visitors (not its drafts,
 * not who wrote them), and once a publication adds a search block and a public page, the search finds them
 * and leads to that page, all without a restart.
 */
describe('a record type copied in the studio, as visitors meet it', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let other: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let second: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let published: RecordBody;
  let draft: RecordBody;

  const searchFor = async (app: TestApp, keyword: string): Promise<SearchBody> =>
    (await app.app.inject({ method: 'GET', url: '/api/sys/api/search', query: { keyword, source: NAME } })).json<Envelope<SearchBody>>()
      .data;

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    other = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    second = await createTestApp({ schemasDir: other.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'awardadmin', 'admin');
    editor = await createLoggedInUser(t, 'awardeditor', 'editor');
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await t?.close();
    await schemas?.cleanup();
    await other?.cleanup();
  });

  it('copies 成果展示 without the source’s place in the portal: no aliases, pages, search, nor list links to its pages', async () => {
    const response = await call(t, admin, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: NAME,
      title: '获奖成果展示',
      from: { copy: 'showcase' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const files = response.json<Envelope<UnitBody>>().data.files;
    const resource = JSON.parse(files['resource.json'] ?? '{}') as Record<string, unknown>;
    expect(resource).toMatchObject({ name: NAME, permission: 'awardShow', visitors: { states: ['published'] } });
    expect(resource).not.toHaveProperty('search');
    expect(resource).not.toHaveProperty('pages');
    for (const [file, text] of Object.entries(files))
      if (file.startsWith('lists/')) expect(JSON.parse(text) as object, file).not.toHaveProperty('links');
  });

  it('shows visitors its published records, without who wrote them or their history; a draft is a 404', async () => {
    const data = {
      title: '高效钙钛矿叠层电池获省科技进步奖',
      category: 'achievement',
      org: '市新能源材料研究院',
      summary: '团队研制的钙钛矿晶硅叠层电池转换效率达到百分之三十一。',
      publishDate: '2026-11-18',
    };
    const created = await call(t, editor, 'POST', `${BASE}/create`, data);
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<RecordBody>>().data;
    const done = await call(t, editor, 'POST', `${BASE}/transitions/publish`, { id: record.id, version: record.version });
    expect(done.statusCode, done.body).toBe(200);
    published = done.json<Envelope<RecordBody>>().data;
    draft = (await call(t, editor, 'POST', `${BASE}/create`, { ...data, title: '尚未发布的获奖成果草稿' })).json<Envelope<RecordBody>>()
      .data;

    const seen = await call(t, undefined, 'GET', `${BASE}/detail?id=${published.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const view = seen.json<Envelope<RecordBody & { ownerName: string | null; history: unknown[]; actions: string[] }>>().data;
    expect(view.data).toMatchObject({ title: data.title, org: data.org });
    // Who wrote it and its history are staff business.
    expect(view).toMatchObject({ ownerName: null, history: [], actions: [] });
    expect((await call(t, undefined, 'GET', `${BASE}/detail?id=${draft.id}`)).statusCode).toBe(404);
    const list = await call(t, undefined, 'POST', `${BASE}/lists/published`, {});
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Envelope<{ records: RecordBody[] }>>().data.records.map((row) => row.id)).toEqual([published.id]);
  });

  it('is found by the search once a publication adds its search block and public page, on both processes, leading to that page', async () => {
    expect((await searchFor(t, '钙钛矿叠层')).total).toBe(0);
    const unit = (await call(t, admin, 'GET', `/api/studio/unit?kind=resource&name=${NAME}`)).json<Envelope<UnitBody>>().data;
    const resource = JSON.parse(unit.files['resource.json'] ?? '{}') as Record<string, unknown>;
    resource['search'] = { title: 'title', text: ['summary', 'org'], date: 'publishDate', href: '/home/awards/detail?id={id}' };
    resource['pages'] = [{ path: '/home/awards/detail', page: 'detail' }];
    const response = await call(t, admin, 'POST', '/api/studio/publish', {
      kind: 'resource',
      name: NAME,
      files: { ...unit.files, 'resource.json': JSON.stringify(resource, null, 2) },
      baseVersion: unit.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = await searchFor(t, '钙钛矿叠层');
    expect(found.total).toBe(1);
    expect(found.records[0]?.href).toBe(`/home/awards/detail?id=${published.id}`);
    // The draft is not a visitor's, so not indexed.
    expect((await searchFor(t, '尚未发布的获奖成果草稿')).total).toBe(0);
    await second.app.schemaSync.poll();
    expect((await searchFor(second, '钙钛矿叠层')).total).toBe(1);
    // The public page is in the pages the browser reads at run time.
    const pages = await t.app.inject({ method: 'GET', url: '/api/resources/pages' });
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.body).toContain('/home/awards/detail');
  });
});

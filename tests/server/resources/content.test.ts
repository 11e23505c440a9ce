import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { SAMPLE_FILES, upload } from '../helpers/activity-fixtures';
import { call } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * The portal's content (issue 12): catalogs and articles are resource folders written by content
 * editors; visitors read what is published through the spec's /sys/api calls without a token.
 */
let t: TestApp;
let editor: TestUser;
let colleague: TestUser;
let applicant: TestUser;

interface Page {
  total: number;
  records: RecordView[];
}

const API = '/api/sys/api';

function article(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '关于开展2026年度科技型中小企业评价工作的通知',
    catalogName: '通知公告',
    kind: 'notice',
    source: '江城市科学技术委员会',
    publishDate: '2026-10-12',
    tags: ['sme'],
    body: '<p>各区科技主管部门：</p><p>现将有关事项通知如下。</p>',
    ...overrides,
  };
}

async function publish(user: TestUser, data: Record<string, unknown>): Promise<RecordView> {
  const created = await call<RecordView>(t, user, 'POST', '/api/resources/article/create', data);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const published = await call<RecordView>(t, user, 'POST', '/api/resources/article/transitions/publish', {
    id: created.body.data.id,
    version: created.body.data.version,
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await createLoggedInUser(t, 'editor', 'editor');
  colleague = await createLoggedInUser(t, 'editor', 'editor');
  applicant = await createLoggedInUser(t, 'applicant');
  for (const [name, kind, sort] of [
    ['通知公告', 'notice', 10],
    ['政策文件', 'policy', 20],
  ] as const) {
    const catalog = await call<RecordView>(t, editor, 'POST', '/api/resources/catalog/create', { name, code: kind, kind, sort });
    expect(catalog.status, JSON.stringify(catalog.body)).toBe(200);
  }
});
afterAll(async () => t.close());

describe('content: catalogs and articles', () => {
  it('lets only content editors write, and refuses a catalog that does not exist on its field', async () => {
    expect((await call(t, applicant, 'POST', '/api/resources/article/create', article())).status).toBe(403);
    expect(
      (await call(t, undefined, 'POST', '/api/resources/catalog/create', { name: '新闻', code: 'news', kind: 'news', sort: 1 })).status,
    ).toBe(401);
    const unknown = await call(t, editor, 'POST', '/api/resources/article/create', article({ catalogName: '不存在的栏目' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ path: 'catalogName', message: '没有这个启用的栏目，请从提示中选择栏目名称' }),
    ]);
  });

  it('shows visitors the catalog tree (pageSize 1000) and published articles only, without a token', async () => {
    const tree = await call<Page>(t, undefined, 'GET', `${API}/catalog/listTree?pageNo=1&pageSize=1000`);
    expect(tree.status).toBe(200);
    expect(tree.body.data.records.map((record) => record.data['name'])).toEqual(['通知公告', '政策文件']);
    const draft = await call<RecordView>(t, editor, 'POST', '/api/resources/article/create', article({ title: '尚未发布的通知草稿' }));
    const published = await publish(editor, article({ title: '已经发布的申报通知' }));
    const list = await call<Page>(t, undefined, 'GET', `${API}/article/list?catalogName=${encodeURIComponent('通知公告')}`);
    expect(list.status).toBe(200);
    const titles = list.body.data.records.map((record) => record.data['title']);
    expect(titles).toContain('已经发布的申报通知');
    expect(titles).not.toContain('尚未发布的通知草稿');
    const detail = await call<RecordView & { history: unknown[] }>(t, undefined, 'GET', `${API}/article/get?id=${published.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.data['body']).toContain('现将有关事项通知如下');
    expect(detail.body.data.actions).toEqual([]);
    expect(detail.body.data.history).toEqual([]);
    // A draft is the same 404 as a missing record, for visitors and other users alike.
    expect((await call(t, undefined, 'GET', `${API}/article/get?id=${draft.body.data.id}`)).status).toBe(404);
    expect((await call(t, applicant, 'GET', `${API}/article/get?id=${draft.body.data.id}`)).status).toBe(404);
    // A visitor cannot act on a published record, nor another editor take the author's publish.
    expect(
      (await call(t, undefined, 'POST', '/api/resources/article/transitions/unpublish', { id: published.id, version: published.version }))
        .status,
    ).toBe(401);
  });

  it('unpublishes (another editor, with a note in the history) and the article leaves the visitors’ list', async () => {
    const published = await publish(editor, article({ title: '即将下线的新闻稿件' }));
    const down = await call<RecordView>(t, colleague, 'POST', '/api/resources/article/transitions/unpublish', {
      id: published.id,
      version: published.version,
      note: '内容需要更新',
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.data.status).toBe('unpublished');
    expect((await call(t, undefined, 'GET', `${API}/article/get?id=${published.id}`)).status).toBe(404);
    const own = await call<RecordView & { history: { action: string }[] }>(
      t,
      editor,
      'GET',
      `/api/resources/article/detail?id=${published.id}`,
    );
    expect(own.body.data.history.map((entry) => entry.action)).toEqual(['create', 'publish', 'unpublish']);
  });

  it('tells policies in force from ended ones by today in Beijing, and counts them by month', async () => {
    const policy = (title: string, publishDate: string, validUntil: string) =>
      article({ title, catalogName: '政策文件', kind: 'policy', publishDate, validUntil, docNumber: '江科发〔2025〕3号' });
    await publish(editor, policy('江城市促进科技成果转化若干措施', '2025-03-01', '2099-12-31'));
    await publish(editor, policy('江城市科技企业孵化器管理办法', '2025-03-20', '2025-12-31'));
    await publish(editor, policy('江城市研发投入后补助实施细则', '2025-04-02', '2026-01-31'));
    const on = await call<Page>(t, undefined, 'GET', `${API}/article/getPolicyOnOrEnd?validUntil=on`);
    const end = await call<Page>(t, undefined, 'GET', `${API}/article/getPolicyOnOrEnd?validUntil=end`);
    expect(on.body.data.records.map((record) => record.data['title'])).toEqual(['江城市促进科技成果转化若干措施']);
    expect(end.body.data.records.map((record) => record.data['title']).sort()).toEqual(
      ['江城市研发投入后补助实施细则', '江城市科技企业孵化器管理办法'].sort(),
    );
    const march = await call<Page>(t, undefined, 'GET', `${API}/article/getPolicyMonth?publishDate=2025-03`);
    expect(march.body.data.total).toBe(2);
    const counts = await call<{ key: string; count: number }[]>(t, undefined, 'GET', `${API}/article/countMonthPolicy`);
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual([
      { key: '2025-04', count: 1 },
      { key: '2025-03', count: 2 },
    ]);
    expect((await call(t, undefined, 'GET', `${API}/article/getPolicyMonth?publishDate=2025-13`)).status).toBe(400);
  });

  it('recommends by the user’s chosen tags, and the newest items to a visitor or a user without tags', async () => {
    await publish(editor, article({ title: '知识产权质押融资专项通知', tags: ['ip', 'finance'], publishDate: '2026-09-01' }));
    await publish(editor, article({ title: '人才公寓申请受理的通知', tags: ['talent'], publishDate: '2026-09-02' }));
    const visitor = await call<Page>(t, undefined, 'GET', `${API}/article/queryArticleByUserTag`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.total).toBeGreaterThanOrEqual(2);
    const noTags = await call<Page>(t, applicant, 'GET', `${API}/article/queryArticleByUserTag`);
    expect(noTags.body.data.total).toBe(visitor.body.data.total);
    const saved = await call(t, applicant, 'POST', `${API}/pub/tag/save`, { tags: ['talent'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mine = await call<Page>(t, applicant, 'GET', `${API}/article/queryArticleByUserTag`);
    expect(mine.body.data.records.map((record) => record.data['title'])).toEqual(['人才公寓申请受理的通知']);
    expect((await call(t, applicant, 'POST', `${API}/pub/tag/save`, { tags: ['no-such-tag'] })).status).toBe(400);
  });

  it('serves a published article’s images to anyone, checked by content, and nothing of a draft or another folder', async () => {
    const image = async (content: Buffer, filename: string) =>
      upload(t, editor, { ownerKind: 'resource', ownerId: 'article', field: 'images' }, { filename, content });
    expect((await image(SAMPLE_FILES.exe(), '伪装的图片.png')).statusCode).toBe(415);
    const uploaded = await image(SAMPLE_FILES.png(), '科技创新券兑付现场.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<{ data: { id: string; name: string; size: number; type: string } }>().data;
    const draft = await call<RecordView>(
      t,
      editor,
      'POST',
      '/api/resources/article/create',
      article({ title: '配图的通知草稿', images: [file] }),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const url = `/api/files/public/${file.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await call(t, editor, 'POST', '/api/resources/article/transitions/publish', {
      id: draft.body.data.id,
      version: draft.body.data.version,
    });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // A visitor's copy may be kept but is asked for again at each use (the record may be withdrawn); a
    // logged-in user's is not kept.
    expect(served.headers['cache-control']).toBe('public, no-cache');
    const signedIn = await t.app.inject({ method: 'GET', url, headers: editor.auth });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // Another folder's upload is not public, whatever its record's state.
    const other = await upload(
      t,
      applicant,
      { ownerKind: 'resource', ownerId: 'credit-fix', field: 'evidence' },
      { filename: '证明.png', content: SAMPLE_FILES.png() },
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/public/${other.json<{ data: { id: string } }>().data.id}` })).statusCode,
    ).toBe(404);
  });
});

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictItems } from '../../../src/server/db/schema';
import { ENDPOINTS } from '../../../src/shared/api/endpoints';
import { call, makeSchemasDir, type Envelope } from '../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

const DICT = `/api${ENDPOINTS.dictByCode}?code=article_kind`;
const DICT_LIST = `/api${ENDPOINTS.dictList}`;
const NAVIGATION = '/api/site/navigation';
const REVALIDATED = 'public, no-cache';

/** Every GET declared `publicCache`, with the Cache-Control a visitor's answer carries (ADR 0054). */
const CACHEABLE: [url: string, cacheControl: string][] = [
  [DICT, REVALIDATED],
  [DICT_LIST, REVALIDATED],
  [NAVIGATION, REVALIDATED],
  ['/api/schemas/activities', REVALIDATED],
  ['/api/schemas/activities/hightech-cultivation', REVALIDATED],
  ['/api/schemas/forms/message', REVALIDATED],
  ['/api/resources/pages', REVALIDATED],
  ['/api/resources/article/definition', REVALIDATED],
  ['/api/maps/jiangcheng', 'public, max-age=3600'],
];

/** @fastify/etag's weak tag: the SHA-1 of the body as the route sent it, before any compression. */
const tagOf = (body: Buffer): string => `W/"${createHash('sha1').update(body).digest('base64')}"`;

const varyOf = (headers: Record<string, unknown>): string[] =>
  String(headers['vary'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('public GETs: cached by browsers and shared caches, revalidated with ETag (ADR 0054)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let user: TestUser;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // A copy of the schemas, with the repository's activities: the navigation test publishes into it.
    schemas = await makeSchemasDir([], { repoActivities: true });
    t = await createTestApp({ schemasDir: schemas.dir });
    user = await createLoggedInUser(t, 'cache');
  });
  afterAll(async () => {
    await t?.close();
    await schemas?.cleanup();
  });

  it.each(CACHEABLE)("marks a visitor's answer to %s public, with an ETag of its body and Vary", async (url, cacheControl) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['etag']).toBe(tagOf(response.rawPayload));
    expect(varyOf(response.headers)).toEqual(expect.arrayContaining(['accept-encoding', 'authorization']));
  });

  it.each(CACHEABLE)('answers %s with a bodiless 304 to a matching If-None-Match, in any encoding', async (url, cacheControl) => {
    const first = await get(url);
    const etag = String(first.headers['etag']);
    for (const encoding of [{} as Record<string, string>, { 'accept-encoding': 'br, gzip' }]) {
      const again = await get(url, { ...encoding, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      // A 304 carries what the 200 would: the cache keeps using its copy under the same rules.
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe(cacheControl);
      expect(varyOf(again.headers)).toEqual(expect.arrayContaining(['accept-encoding', 'authorization']));
    }
    // Another tag (an older copy) gets the whole answer.
    expect((await get(url, { 'if-none-match': 'W/"older"' })).statusCode).toBe(200);
  });

  it.each(CACHEABLE)("keeps a logged-in user's answer to %s private: no-store, as every API answer", async (url) => {
    const response = await get(url, user.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("treats a request with a cookie as a logged-in user's (the SPA keeps its token in Access-Token)", async () => {
    const response = await get(NAVIGATION, { cookie: `Access-Token=${user.token}` });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps errors no-store, on a cacheable route too', async () => {
    const response = await get('/api/maps/atlantis');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps every other public answer no-store', async () => {
    for (const url of ['/api/health', `/api${ENDPOINTS.search}?keyword=${encodeURIComponent('科技')}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('gives a dictionary a new ETag, and the whole answer, once its items change', async () => {
    const before = await get(DICT);
    const listBefore = await get(DICT_LIST);
    const first = before.json<Envelope<{ dictKey: string; dictValue: string }[]>>().data[0];
    if (!first) throw new Error('article_kind has no items');
    await t.db
      .update(dictItems)
      .set({ dictValue: `${first.dictValue}（新）` })
      .where(and(eq(dictItems.dictCode, 'article_kind'), eq(dictItems.dictKey, first.dictKey)));

    for (const [url, old] of [
      [DICT, before],
      [DICT_LIST, listBefore],
    ] as const) {
      const after = await get(url, { 'if-none-match': String(old.headers['etag']) });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers['etag'], url).not.toBe(old.headers['etag']);
      expect(after.body, url).toContain(`${first.dictValue}（新）`);
    }
  });

  it("treats a record type created in the studio like the others: its definition's route is declared too (ADR 0047)", async () => {
    const admin = await createLoggedInUser(t, 'admin', 'admin');
    const created = await call(t, admin, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: 'lab-booking',
      title: '实验室预约',
      from: { template: 'publication' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = '/api/resources/lab-booking/definition';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(REVALIDATED);
    expect((await get(url, { 'if-none-match': String(first.headers['etag']) })).statusCode).toBe(304);
    expect((await get(url, user.auth)).headers['cache-control']).toBe('no-store');
  });

  it('gives the navigation a new ETag once the studio publishes a change', async () => {
    const editor = await createLoggedInUser(t, 'editor', 'editor');
    const before = await get(NAVIGATION);
    const unit = (await call(t, editor, 'GET', '/api/studio/unit?kind=site&name=navigation')).json<
      Envelope<{ version: string; files: Record<string, string> }>
    >().data;
    const navigation = JSON.parse(unit.files['navigation.json'] ?? '') as { menu: unknown[] };
    const text = JSON.stringify({ ...navigation, menu: [...navigation.menu, { title: '全站搜索', path: '/search' }] }, null, 2);
    const published = await call(t, editor, 'POST', '/api/studio/publish', {
      kind: 'site',
      name: 'navigation',
      files: { 'navigation.json': `${text}\n` },
      baseVersion: unit.version,
    });
    expect(published.statusCode).toBe(200);

    const after = await get(NAVIGATION, { 'if-none-match': String(before.headers['etag']) });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after.body).toContain('全站搜索');
  });
});

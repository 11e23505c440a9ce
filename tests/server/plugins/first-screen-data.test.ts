import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenElement } from '../../../src/server/plugins/first-screen-data';
import { DEFAULT_PAGE_SIZE } from '../../../src/shared/constants';
import type { FirstScreen } from '../../../src/shared/site/first-screen';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { call, eventData } from '../helpers/resource-fixtures';
import { createLoggedInUser } from '../helpers/test-users';

const BLOCK = /<script type="application\/json" id="kc-first-screen">(.*?)<\/script>/s;

/** The data block of a page, read as the client reads it (JSON.parse of the element's text). */
function screenOf(html: string): FirstScreen {
  const text = BLOCK.exec(html)?.[1];
  if (text === undefined) throw new Error('the page has no first-screen block');
  return JSON.parse(text) as FirstScreen;
}

describe('the first screen rides in the page (issue 33, ADR 0059)', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const dataOf = async (url: string): Promise<unknown> => (await get(url)).json<{ data: unknown }>().data;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('on a folder’s list page: the pages, a visitor’s navigation, the folder’s definition and its dictionaries, each as its public GET answers', async () => {
    const page = await get('/home/event');
    expect(page.statusCode).toBe(200);
    const screen = screenOf(page.body);
    expect(screen.pages).toEqual(await dataOf('/api/resources/pages'));
    expect(screen.navigation).toEqual(await dataOf('/api/site/navigation'));
    expect(screen.definition).toEqual({ resource: 'event', value: await dataOf('/api/resources/event/definition') });
    expect(Object.keys(screen.dictionaries ?? {})).toEqual(['event_kind', 'jc_district']);
    expect(screen.dictionaries?.['event_kind']).toEqual(await dataOf('/api/sys/biz/queryDictByCode?code=event_kind'));
  });

  it('on a public list’s page: the rows its address asks for (page, filters), as the list’s own request gets them for a visitor', async () => {
    const editor = await createLoggedInUser(t, 'events', 'editor');
    const created = await call<RecordView>(t, editor, 'POST', '/api/resources/event/create', eventData());
    const { id, version } = created.body.data;
    expect((await call(t, editor, 'POST', '/api/resources/event/transitions/publish', { id, version })).status).toBe(200);
    // A text holding what String.replace reads as patterns ($& $` $') reaches the page as written.
    const dollars = await call<RecordView>(
      t,
      editor,
      'POST',
      '/api/resources/event/create',
      eventData({ title: "成果路演 $& $` $' 专场", startsAt: '2027-03-11T09:00:00+08:00', endsAt: '2027-03-11T17:00:00+08:00' }),
    );
    expect(
      (
        await call(t, editor, 'POST', '/api/resources/event/transitions/publish', {
          id: dollars.body.data.id,
          version: dollars.body.data.version,
        })
      ).status,
    ).toBe(200);
    const first = screenOf((await get('/home/event')).body).list;
    expect(first).toMatchObject({ resource: 'event', list: 'published', request: { pageNo: 1, pageSize: DEFAULT_PAGE_SIZE } });
    const asked = await t.app.inject({ method: 'POST', url: '/api/resources/event/lists/published', payload: first?.request });
    expect(first?.value).toEqual(asked.json<{ data: unknown }>().data);
    expect(first?.value.records.map((row) => row.data['title'])).toEqual(['科技成果转化对接会', "成果路演 $& $` $' 专场"]);
    // What a visitor may not see of the record stays out of the page as it does out of the list (issue 30).
    expect(JSON.stringify(first?.value)).not.toContain('027-86001234');
    // The address's filters in their types, a broken page number read as 1, a field that is no filter left out.
    const narrowed = screenOf((await get('/home/event?kind=fair&title=%E5%B1%95&pageNo=x&owner=me')).body).list;
    expect(narrowed?.request).toEqual({ pageNo: 1, kind: 'fair', title: '展', pageSize: DEFAULT_PAGE_SIZE });
    // A list page without a layout (a staff table) or a detail page brings no rows.
    expect(screenOf((await get('/home/event/detail?id=1')).body).list).toBeUndefined();
  });

  it('on /activities and /search: the whole answers of their opening calls, by URL, as the calls give them to a visitor', async () => {
    const activities = screenOf((await get('/activities')).body);
    expect(activities.locale).toBe('zh-CN');
    expect(activities.gets).toEqual({ '/api/schemas/activities': (await get('/api/schemas/activities')).json() });
    const search = screenOf((await get('/search?keyword=%20%E9%AB%98%E6%96%B0%20&page=2&source=news')).body);
    const call = '/api/sys/api/search?keyword=%E9%AB%98%E6%96%B0&pageNo=2&pageSize=10&source=news';
    expect(Object.keys(search.gets ?? {}).sort()).toEqual(['/api/sys/api/article/hotSearch', call]);
    expect(search.gets?.[call]).toEqual((await get(call)).json());
    // The application form and its step pages: the activity's steps.
    const form = screenOf((await get('/home/activities/applicationForm?activityId=hightech-cultivation')).body);
    expect(form.gets).toEqual({
      '/api/schemas/activities/hightech-cultivation': (await get('/api/schemas/activities/hightech-cultivation')).json(),
    });
    // Every one of them is the same for everyone: the client hands it to a signed-in user's call too.
    const admin = await createLoggedInUser(t, 'calls', 'admin');
    for (const screen of [activities, search, form])
      for (const [url, answer] of Object.entries(screen.gets ?? {})) expect((await get(url, admin.auth)).json(), url).toEqual(answer);
    // Without a keyword the page searches nothing: only its hot searches come.
    expect(Object.keys(screenOf((await get('/search')).body).gets ?? {})).toEqual(['/api/sys/api/article/hotSearch']);
    expect(screenOf((await get('/home/event')).body).gets).toBeUndefined();
  });

  it('on a fixed page (/home) and with a trailing slash: the pages and the navigation, no definition', async () => {
    const screen = screenOf((await get('/home/')).body);
    expect(screen.pages.pages.length).toBeGreaterThan(10);
    expect(screen.navigation?.menu.length).toBeGreaterThan(0);
    expect(screen.definition).toBeUndefined();
  });

  it('sends a visitor’s navigation whoever asks: the page itself carries no token, and the client asks again when signed in', async () => {
    const admin = await createLoggedInUser(t, 'first', 'admin');
    expect(await dataOf('/api/site/navigation')).not.toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/site/navigation', headers: admin.auth })).json<{ data: unknown }>().data,
    );
    const screen = screenOf((await get('/home', admin.auth)).body);
    expect(screen.navigation).toEqual(await dataOf('/api/site/navigation'));
  });

  it('is compressed as the request accepts, and revalidated: an ETag, then 304', async () => {
    const plain = await get('/home/financing');
    const packed = await get('/home/financing', { 'accept-encoding': 'gzip, deflate, br' });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(String(packed.headers['vary'])).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(packed.rawPayload).toString()).toBe(plain.body);
    expect(packed.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const etag = String(packed.headers['etag']);
    expect((await get('/home/financing', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('cannot be ended early by a text in it: < is written \\u003c, and the client reads the text back unchanged', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const element = firstScreenElement({
      pages: { pages: [], accountMenu: [] },
      navigation: { menu: [], tiles: [], footer: [{ title: hostile } as never] },
    });
    expect(element.match(/<\/script/g)).toHaveLength(1);
    expect(element.endsWith('</script>')).toBe(true);
    expect(screenOf(element).navigation?.footer[0]).toEqual({ title: hostile });
  });
});

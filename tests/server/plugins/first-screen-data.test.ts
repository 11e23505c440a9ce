import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenElement } from '../../../src/server/plugins/first-screen-data';
import type { FirstScreen } from '../../../src/shared/site/first-screen';
import { createTestApp, type TestApp } from '../helpers/test-app';
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

// @vitest-environment happy-dom
// @vitest-isolate: the data provider's, the navigation's and the dictionaries' caches start empty for this file.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataProvider } from '../../../src/client/api/data-provider';
import { loadDictOptions } from '../../../src/client/api/dict-api';
import { http } from '../../../src/client/api/http';
import { prefetchFirstScreen, readFirstScreen } from '../../../src/client/router/first-screen-prefetch';
import { fetchSiteNavigation } from '../../../src/client/site/site-navigation-api';
import type { FirstScreen } from '../../../src/shared/site/first-screen';

const SCREEN = {
  pages: { pages: [{ path: '/home/event', resource: 'event', page: 'list', list: 'published' }], accountMenu: [] },
  navigation: { menu: [{ title: '首页', path: '/home' }], tiles: [], footer: [] },
  definition: {
    resource: 'event',
    value: {
      name: 'event',
      title: '科技活动',
      record: { type: 'object', properties: { kind: { type: 'string', 'x-dict': 'event_kind' } } },
    },
  },
  dictionaries: { event_kind: [{ dictKey: 'fair', dictValue: '展会', dictValueEn: 'Fair' }] },
  list: {
    resource: 'event',
    list: 'published',
    request: { pageNo: 1, kind: 'fair', pageSize: 10 },
    value: { total: 1, records: [{ id: 'e1', data: { title: '科技成果交易会' } }] },
  },
} as unknown as FirstScreen;

describe('the first screen the page arrived with (issue 33, ADR 0059)', () => {
  const original = http.defaults.adapter;
  const asked: string[] = [];
  beforeAll(() => {
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      asked.push(config.url ?? '');
      return { data: { success: true, code: 0, msg: 'ok', data: [] }, status: 200, statusText: '', headers: {}, config, request: {} };
    };
    http.defaults.adapter = adapter;
  });
  afterAll(() => {
    http.defaults.adapter = original;
  });

  it('reads the data block, and nothing from a page without one or with a broken one', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'kc-first-screen';
    block.textContent = JSON.stringify(SCREEN);
    document.head.append(block);
    expect(readFirstScreen(document)).toEqual(SCREEN);
    block.textContent = '{"pages":';
    expect(readFirstScreen(document)).toBeUndefined();
    block.remove();
    expect(readFirstScreen(document)).toBeUndefined();
  });

  it('a visitor’s page asks for nothing the page brought: the pages, the navigation, the definition and the dictionary labels are there', async () => {
    prefetchFirstScreen('/home/event', false, 'en-US', SCREEN);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    expect(await dataProvider.getPages()).toEqual(SCREEN.pages);
    expect(await fetchSiteNavigation('visitor')).toEqual(SCREEN.navigation);
    expect(await dataProvider.getDefinition('event')).toEqual(SCREEN.definition?.value);
    expect(await loadDictOptions('event_kind', 'en-US')).toEqual([{ value: 'fair', label: 'Fair' }]);
    // The list's first request, its keys in another order, gets the rows the page brought.
    expect(await dataProvider.getList('event', 'published', { pageSize: 10, kind: 'fair', pageNo: 1 })).toEqual(SCREEN.list?.value);
    expect(asked).toEqual([]);
    // Its next request is asked for, even the same one (a retry, a refresh).
    await dataProvider.getList('event', 'published', { pageNo: 1, kind: 'fair', pageSize: 10 });
    expect(asked).toEqual(['/resources/event/lists/published']);
  });

  it('hands a fixed page’s opening call the whole answer the page brought, once, and only in the language it is worded in', async () => {
    const answer = { success: true, code: 0, msg: 'ok', data: [{ id: 'hightech', title: '高新技术企业培育' }] };
    const search = { success: true, code: 0, msg: 'ok', data: { total: 0, records: [], words: [], sources: [] } };
    prefetchFirstScreen('/activities', false, 'zh-CN', {
      ...SCREEN,
      locale: 'zh-CN',
      gets: { '/api/schemas/activities': answer, '/api/sys/api/search?keyword=a&pageNo=1&pageSize=10': search },
    });
    const before = asked.length;
    expect((await http.get('/schemas/activities')).data).toEqual(answer);
    // The query in another order is the same call.
    expect((await http.get('/sys/api/search', { params: { pageSize: '10', keyword: 'a', pageNo: '1' } })).data).toEqual(search);
    expect(asked.length).toBe(before);
    await http.get('/schemas/activities');
    expect(asked.slice(before)).toEqual(['/schemas/activities']);
    prefetchFirstScreen('/activities', false, 'en-US', { ...SCREEN, locale: 'zh-CN', gets: { '/api/schemas/activities': answer } });
    await http.get('/schemas/activities');
    expect(asked.slice(before)).toEqual(['/schemas/activities', '/schemas/activities']);
    // The same for everyone: someone signed in gets it too.
    prefetchFirstScreen('/activities', true, 'zh-CN', { ...SCREEN, locale: 'zh-CN', gets: { '/api/schemas/activities': answer } });
    expect((await http.get('/schemas/activities')).data).toEqual(answer);
    expect(asked.slice(before)).toHaveLength(2);
  });

  it('keeps the rows only for the very request they answer', async () => {
    prefetchFirstScreen('/home/event', false, 'zh-CN', SCREEN);
    await dataProvider.getList('event', 'published', { pageNo: 2, kind: 'fair', pageSize: 10 });
    await dataProvider.getList('event', 'published', { pageNo: 1, kind: 'fair', pageSize: 10 });
    expect(asked.slice(-2)).toEqual(['/resources/event/lists/published', '/resources/event/lists/published']);
  });
});

// @vitest-environment happy-dom
// @vitest-isolate: the data provider's and the dictionaries' caches start empty for this file.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/client/api/http';
import { prefetchFirstScreen } from '../../../src/client/router/first-screen-prefetch';

const PAGES = {
  pages: [
    { path: '/home/event', resource: 'event', page: 'list', list: 'published', public: true },
    { path: '/home/publish', resource: 'need', page: 'notes' },
  ],
  accountMenu: [],
};
const EVENT = {
  name: 'event',
  title: '科技活动',
  record: {
    type: 'object',
    properties: {
      kind: { type: 'string', 'x-dict': 'event_kind' },
      district: { type: 'string', 'x-dict': 'jc_district' },
      guests: { type: 'array', items: { type: 'object', properties: { role: { type: 'string', 'x-dict': 'guest_role' } } } },
    },
  },
};

describe('prefetchFirstScreen: the first screen’s data leaves before React renders (issue 33, ADR 0059)', () => {
  const original = http.defaults.adapter;
  let asked: string[];
  let pagesAsked = 0;
  beforeEach(() => {
    asked = [];
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      const query = config.params ? `?${new URLSearchParams(config.params as Record<string, string>).toString()}` : '';
      const url = `${config.url ?? ''}${query}`;
      asked.push(url);
      if (url === '/resources/pages') pagesAsked += 1;
      const data =
        url === '/resources/pages'
          ? PAGES
          : url.startsWith('/resources/event/definition')
            ? EVENT
            : url === '/site/navigation'
              ? { menu: [], tiles: [], footer: [] }
              : [];
      return { data: { success: true, code: 0, msg: 'ok', data }, status: 200, statusText: '', headers: {}, config, request: {} };
    };
    http.defaults.adapter = adapter;
  });
  afterEach(() => {
    http.defaults.adapter = original;
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('does not ask for the visitor’s navigation for someone signed in: theirs depends on their permissions (first here: the navigation is kept once asked)', async () => {
    prefetchFirstScreen('/home', true, 'zh-CN');
    await settle();
    expect(asked).toEqual(['/resources/pages']);
    expect(asked).not.toContain('/site/navigation');
  });

  it('on a folder’s list page: the pages and a visitor’s navigation at once, then the folder’s definition and every dictionary its record names', async () => {
    prefetchFirstScreen('/home/event/', false, 'zh-CN');
    await settle();
    expect(asked).toContain('/site/navigation');
    expect(asked.filter((url) => url.includes('definition'))).toEqual(['/resources/event/definition']);
    expect(asked.filter((url) => url.includes('code=')).sort()).toEqual([
      expect.stringContaining('code=event_kind'),
      expect.stringContaining('code=guest_role'),
      expect.stringContaining('code=jc_district'),
    ]);
    // Asked again by the page itself, nothing leaves twice.
    prefetchFirstScreen('/home/event', false, 'zh-CN');
    await settle();
    expect(asked.filter((url) => url.includes('definition'))).toHaveLength(1);
    // The pages were asked once for the whole page life (by the first test of this file).
    expect(pagesAsked).toBe(1);
  });

  it('on a fixed page (/home) or a folder page that draws no definition (notes), nothing beyond the pages and the navigation', async () => {
    prefetchFirstScreen('/home', false, 'zh-CN');
    prefetchFirstScreen('/home/publish', false, 'zh-CN');
    await settle();
    expect(asked.filter((url) => url.includes('definition') || url.includes('code='))).toEqual([]);
  });
});

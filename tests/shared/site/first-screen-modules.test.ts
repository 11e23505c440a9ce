import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../../src/shared/site/first-screen';
import { firstScreenModules } from '../../../src/shared/site/first-screen-modules';

const CLIENT = resolve(import.meta.dirname, '../../../src/client');
const pages: FirstScreen['pages'] = {
  pages: [
    { path: '/home/incubation/list', resource: 'incubator', page: 'list', list: 'public', public: true },
    { path: '/home/incubation/detail', resource: 'incubator', page: 'detail', public: true },
    { path: '/home/publish', resource: 'need', page: 'new' },
  ],
} as FirstScreen['pages'];

/** A manifest name is a source path under src/client, or a shared chunk named after its module's file. */
function sourceExists(name: string): boolean {
  if (name.includes('/')) return existsSync(join(CLIENT, name));
  return ['engine', 'pages', 'activities'].some((dir) => existsSync(join(CLIENT, dir, `${name}.tsx`)));
}

describe('firstScreenModules: what a page draws first, by the build manifest names', () => {
  const list = (total: number): FirstScreen['list'] => ({
    resource: 'incubation',
    list: 'public',
    request: { pageNo: 1, pageSize: 10 },
    value: { records: [], total, pageNo: 1, pageSize: 10 } as unknown as NonNullable<FirstScreen['list']>['value'],
  });

  it('names the fixed pages chunks', () => {
    expect(firstScreenModules('/home', undefined)).toEqual(['pages/home-page.tsx']);
    expect(firstScreenModules('/activities/', undefined)).toEqual(['pages/activities/activities-page.tsx']);
    expect(firstScreenModules('/search', undefined)).toEqual(['pages/search-page.tsx']);
    expect(firstScreenModules('/home/activities/applicationForm', undefined)).toContain('activities/step-form/step-form.tsx');
    expect(firstScreenModules('/account/settings', undefined)).toEqual([]);
  });

  it('a folder list page: the alias, the list and its page numbers only when there is more than one page', () => {
    const path = pages.pages.find((page) => page.page === 'list')?.path ?? '';
    expect(firstScreenModules(path, { pages, list: list(3) })).toEqual(['pages/resources/resource-page-alias.tsx', 'schema-list']);
    expect(firstScreenModules(path, { pages, list: list(30) })).toContain('engine/layouts/public-list-pages.tsx');
  });

  it('names only modules that exist', () => {
    const names = new Set(
      [...pages.pages.map((page) => page.path), '/home', '/activities', '/search', '/home/activities/applicationForm'].flatMap(
        (path) => firstScreenModules(path, { pages, list: list(30) }),
      ),
    );
    for (const name of names) expect(sourceExists(name), name).toBe(true);
  });
});

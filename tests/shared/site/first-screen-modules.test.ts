import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../../src/shared/site/first-screen';
import { firstScreenImage, firstScreenModules } from '../../../src/shared/site/first-screen-modules';

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
    // With the activity in the page, the widgets its steps draw too.
    const activity = { data: { steps: [{ schema: { type: 'object', properties: { since: { type: 'string', format: 'date' } } } }] } };
    expect(
      firstScreenModules('/home/activities/applicationForm', { pages, gets: { '/api/schemas/activities/hightech-cultivation': activity } }),
    ).toContain('../../node_modules/@formily/antd-v5/esm/date-picker/index.js');
    expect(firstScreenModules('/account/settings', undefined)).toEqual([]);
  });

  it('a folder page: the alias and the list or the detail', () => {
    expect(firstScreenModules('/home/incubation/list', { pages, list: list(30) })).toEqual([
      'pages/resources/resource-page-alias.tsx',
      'schema-list',
    ]);
    expect(firstScreenModules('/home/incubation/detail', { pages })).toEqual(['pages/resources/resource-page-alias.tsx', 'schema-detail']);
    expect(firstScreenModules('/home/publish', { pages })).toEqual(['pages/resources/resource-page-alias.tsx']);
  });

  it('names only modules that exist', () => {
    const names = new Set(
      [...pages.pages.map((page) => page.path), '/home', '/activities', '/search', '/home/activities/applicationForm'].flatMap((path) =>
        firstScreenModules(path, { pages, list: list(30) }),
      ),
    );
    for (const name of names) expect(sourceExists(name), name).toBe(true);
  });
});

describe('firstScreenImage: the image a public list shows first', () => {
  const screenWith = (image: string | undefined, data: Record<string, unknown>): FirstScreen =>
    ({
      pages,
      definition: {
        resource: 'incubator',
        value: { lists: { public: { layout: { kind: 'cards', title: 'name', ...(image ? { image } : {}) } } } },
      },
      list: { resource: 'incubator', list: 'public', request: {}, value: { records: [{ id: 'r1', data }], total: 1 } },
    }) as unknown as FirstScreen;

  it('is the first record first image, by the layout image field', () => {
    const data = {
      photos: [
        { id: 'f-1', name: 'a.jpg' },
        { id: 'f-2', name: 'b.jpg' },
      ],
    };
    expect(firstScreenImage(screenWith('photos', data))).toBe('/api/files/public/f-1');
  });

  it('is nothing without an image field, an image, or a list', () => {
    expect(firstScreenImage(screenWith(undefined, { photos: [{ id: 'f-1', name: 'a.jpg' }] }))).toBeUndefined();
    expect(firstScreenImage(screenWith('photos', { photos: [] }))).toBeUndefined();
    expect(firstScreenImage({ pages })).toBeUndefined();
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulePreloads } from '../../../src/server/plugins/module-preloads';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The shape `vite build` writes with `manifest: true` (keys under src/client, shared chunks by `_name-hash.js`).
const MANIFEST = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-dom-B2.js', '_client-C3.js'] },
  '_react-dom-B2.js': { file: 'assets/react-dom-B2.js', name: 'react-dom' },
  '_client-C3.js': { file: 'assets/client-C3.js', name: 'client', imports: ['_react-dom-B2.js'] },
  'pages/resources/resource-page-alias.tsx': {
    file: 'assets/resource-page-alias-D4.js',
    isDynamicEntry: true,
    imports: ['_react-dom-B2.js', '_alert-E5.js'],
  },
  '_alert-E5.js': { file: 'assets/alert-E5.js', name: 'alert' },
  '_schema-list-F6.js': {
    file: 'assets/schema-list-F6.js',
    name: 'schema-list',
    imports: ['_client-C3.js', '_card-G7.js'],
    css: ['assets/list-H8.css'],
  },
  '_card-G7.js': { file: 'assets/card-G7.js', name: 'card', imports: ['_alert-E5.js'] },
  'engine/layouts/public-list-pages.tsx': { file: 'assets/public-list-pages-J9.js', isDynamicEntry: true },
  'pages/home-page.tsx': { file: 'assets/home-page-K1.js', isDynamicEntry: true, imports: ['_client-C3.js'], css: ['assets/home-L2.css'] },
};

async function clientDirWith(manifest: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kechuang-manifest-'));
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const hrefs = (html: string, rel: string): string[] =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((match) => match[1] ?? '');

describe('modulePreloads: the files of a page first screen, named in the page (issue 33)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await clientDirWith(MANIFEST);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names each module chunk and the chunks it imports, by source path or shared chunk name, not the shell index.html names', async () => {
    const links = await modulePreloads(dir)(['pages/resources/resource-page-alias.tsx', 'schema-list']);
    expect(hrefs(links, 'modulepreload').sort()).toEqual([
      '/assets/alert-E5.js',
      '/assets/card-G7.js',
      '/assets/resource-page-alias-D4.js',
      '/assets/schema-list-F6.js',
    ]);
    // Styles are fetched early but not applied: a stylesheet link in the head would hold up the first paint.
    expect(hrefs(links, 'preload')).toEqual(['/assets/list-H8.css']);
    expect(links).toContain('as="style"');
    // Credentials mode as index.html's own modulepreloads, or the browser would fetch the file twice.
    expect(hrefs(links, 'modulepreload').length).toBe(links.match(/modulepreload" crossorigin/g)?.length);
  });

  it('skips a name the build does not have, and gives nothing without a manifest', async () => {
    expect(await modulePreloads(dir)(['pages/gone.tsx'])).toBe('');
    const empty = await mkdtemp(join(tmpdir(), 'kechuang-no-manifest-'));
    expect(await modulePreloads(empty)(['pages/home-page.tsx'])).toBe('');
    await rm(empty, { recursive: true, force: true });
  });
});

describe('a page of the portal names its first screen files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await mkdir(join(t.clientDir, '.vite'));
    await writeFile(join(t.clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => t?.close());

  it('/home names the home page chunk and its style', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(hrefs(page.body, 'modulepreload')).toEqual(['/assets/home-page-K1.js']);
    expect(hrefs(page.body, 'preload')).toEqual(['/assets/home-L2.css']);
  });

  it('a folder list page names its page and list chunks', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home/incubation/list' });
    expect(hrefs(page.body, 'modulepreload')).toEqual(
      expect.arrayContaining(['/assets/resource-page-alias-D4.js', '/assets/schema-list-F6.js']),
    );
  });

  it('the manifest itself is not served', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toContain('isEntry');
  });
});

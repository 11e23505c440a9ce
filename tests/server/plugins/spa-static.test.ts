import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../scripts/lib/precompress-assets';
import { createTestApp, INDEX_HTML, type TestApp } from '../helpers/test-app';

describe('the SPA from dist/client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(['/', '/home', '/user/login', '/home/findproxy/self-test', '/account/settings?tab=1'])(
    'serves index.html for the history route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      // index.html, with the first screen's data block (ADR 0059; first-screen-data.test.ts) in its head.
      expect(response.body.replace(/<script type="application\/json" id="kc-first-screen">.*?<\/script>/s, '')).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves a built asset with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps API 404s as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
  });

  it('does not serve files outside dist/client', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('"dependencies"');
    }
  });
});

describe('the built files, compressed at build time (ADR 0054)', () => {
  let t: TestApp;
  // A chunk as Vite names it, large enough for the build to write its .br and .gz.
  const CHUNK = '/assets/page-Qx7a9Zk2.js';
  const SOURCE = Array.from({ length: 400 }, (_, i) => `export const text${i} = "科创服务门户 ${i}";`).join('\n');
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    await writeFile(join(t.clientDir, CHUNK), SOURCE);
    // What `vite build` runs on dist/client (vite.config.ts): the same function, on this test's client.
    await precompressAssets(t.clientDir);
  });
  afterAll(() => t?.close());

  it('sends the brotli copy to a browser that accepts it, with Vary and the long cache life kept', async () => {
    const response = await get(CHUNK, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(SOURCE) / 4);
    // Encoded once: one decoding gives the file back.
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SOURCE);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await get(CHUNK, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SOURCE);
  });

  it('sends the file itself without Accept-Encoding, or when only identity is accepted, still with Vary', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'identity' }]) {
      const response = await get(CHUNK, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this copy to a browser that accepts brotli.
      expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SOURCE);
    }
  });

  it('answers HEAD with the headers of the encoding GET would send, and no body', async () => {
    const response = await get(CHUNK, { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends a file without a compressed copy as it is: nothing is compressed per request', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app");');
  });

  it('revalidates index.html: no-cache, an ETag, and 304 to a matching If-None-Match, also when compressed', async () => {
    await writeFile(join(t.clientDir, 'index.html'), INDEX_HTML.replace('</body>', `<script>${SOURCE}</script></body>`));
    await precompressAssets(t.clientDir);
    for (const encoding of [{} as Record<string, string>, { 'accept-encoding': 'br' }]) {
      const first = await get('/account/center', encoding);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^W\/"/);
      const again = await get('/account/center', { ...encoding, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    await writeFile(join(t.clientDir, 'index.html'), INDEX_HTML);
    for (const copy of ['index.html.br', 'index.html.gz']) await rm(join(t.clientDir, copy));
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressAssets } from '../../scripts/lib/precompress-assets';

/** Text the size of a small chunk, repetitive as code is. */
const text = (line: string, lines = 200): string => Array.from({ length: lines }, (_, i) => `${line} ${i};`).join('\n');

describe('precompressAssets (the build writes .br and .gz beside each text file, ADR 0054)', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file, in nested folders too, that decode to the file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'kc-precompress-'));
    await mkdir(join(dir, 'assets', 'nested'), { recursive: true });
    const files: Record<string, string> = {
      'index.html': `<!doctype html><html><body>${text('<p>科创服务门户</p>', 60)}</body></html>`,
      'assets/app-abc123.js': text('console.log("app")'),
      'assets/app-abc123.css': text('.kc-card{margin:0}'),
      'assets/nested/map-1.json': JSON.stringify({ features: text('feature', 100).split('\n') }),
      'assets/logo-1.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text('<path d="M0 0h10v10z"/>', 80)}</svg>`,
    };
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);

    const summary = await precompressAssets(dir);

    expect(summary.files).toBe(Object.keys(files).length);
    let bytes = 0;
    for (const [name, content] of Object.entries(files)) {
      const br = await readFile(join(dir, `${name}.br`));
      const gz = await readFile(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString(), name).toBe(content);
      expect(gunzipSync(gz).toString(), name).toBe(content);
      expect(br.length, name).toBeLessThan(Buffer.byteLength(content));
      bytes += Buffer.byteLength(content);
    }
    expect(summary.bytes).toBe(bytes);
    expect(summary.brotliBytes).toBeLessThan(summary.gzipBytes);
    expect(summary.gzipBytes).toBeLessThan(summary.bytes);
  });

  it('leaves alone files too small to gain, binary formats, and text that does not compress', async () => {
    dir = await mkdtemp(join(tmpdir(), 'kc-precompress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'tiny-1.js'), 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1));
    await writeFile(join(dir, 'assets', 'photo-1.png'), Buffer.alloc(8_000, 1));
    await writeFile(join(dir, 'assets', 'font-1.woff2'), Buffer.alloc(8_000, 1));
    // Random bytes written as a .js: no encoding makes them smaller, so the file is served as it is.
    await writeFile(join(dir, 'assets', 'noise-1.js'), randomBytes(4_000));

    const summary = await precompressAssets(dir);

    expect(summary).toEqual({ files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 });
    expect((await readdir(join(dir, 'assets'))).sort()).toEqual(['font-1.woff2', 'noise-1.js', 'photo-1.png', 'tiny-1.js']);
  });

  it('replaces the copies of an earlier run rather than compressing them again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'kc-precompress-'));
    await writeFile(join(dir, 'index.html'), text('<p>一</p>'));
    await precompressAssets(dir);
    await writeFile(join(dir, 'index.html'), text('<p>二</p>'));

    const summary = await precompressAssets(dir);

    expect(summary.files).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
    expect(brotliDecompressSync(await readFile(join(dir, 'index.html.br'))).toString()).toBe(text('<p>二</p>'));
  });
});

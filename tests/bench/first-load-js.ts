/**
 * `npm run bench:first-load`: the gzip KB of JavaScript each page needs before it can paint (the
 * entry's static imports plus the page's lazy chunk and its static imports), and whether Formily or
 * ajv is among it. Issue 12's budget: /home ≤ 200 KB, with neither. Builds into a temporary folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES: Record<string, string> = {
  '/home': '../pages/home-page.tsx',
  '/home/articles': '../pages/portal/article-list-page.tsx',
  '/home/articles/detail': '../pages/portal/article-detail-page.tsx',
  '/activities': '../pages/activities/activities-page.tsx',
  '/home/activities/applicationForm': '../pages/activities/application-form-page.tsx',
  '/resources/…/lists/…': '../pages/resources/resource-list-page.tsx',
};
const HEAVY = [/node_modules\/@formily\//, /node_modules\/ajv\//];

const outDir = mkdtempSync(join(tmpdir(), 'kc-first-load-'));
try {
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, into);
    return into;
  };
  const gzipKb = (file: string): number => gzipSync(readFileSync(join(outDir, file))).length / 1024;
  const heavyIn = (file: string): string[] => {
    // The bundler's own runtime chunk has no source map, and no library in it.
    if (!existsSync(join(outDir, `${file}.map`))) return [];
    const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as { sources: string[] };
    return HEAVY.filter((pattern) => map.sources.some((source) => pattern.test(source))).map((pattern) => (pattern.source.includes('formily') ? 'Formily' : 'ajv'));
  };
  console.log('page                                   first-load JS (gzip)   Formily/ajv in it');
  for (const [page, source] of Object.entries(PAGES)) {
    const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source.replace('../', '')));
    if (!key) throw new Error(`${source} is not a chunk of its own`);
    const files = [...closure(key, closure(entryKey, new Set()))].map((name) => manifest[name]?.file ?? '').filter((file) => file.endsWith('.js'));
    const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
    const heavy = [...new Set(files.flatMap(heavyIn))];
    console.log(`${page.padEnd(38)} ${total.toFixed(1).padStart(8)} KB (${files.length} files)   ${heavy.length ? heavy.join(', ') : 'none'}`);
    if (process.env["DETAIL"] === page) for (const file of files.sort((a, b) => gzipKb(b) - gzipKb(a))) console.log(`   ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

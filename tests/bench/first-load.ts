/**
 * The gzip KB of JavaScript each page needs before it can paint (the entry's static imports plus the
 * page's lazy chunk and its static imports), and whether Formily or ajv is among it. Issue 12's and
 * issue 16's budgets: /home ≤ 200 KB with neither, a form route ≤ 400 KB. Builds into a temporary folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { round } from './lib/bench-stats';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface FirstLoadRow {
  page: string;
  gzipKb: number;
  files: number;
  /** Formily and/or ajv, when the page loads them before it paints. */
  heavy: string[];
  /** Each file's gzip KB, largest first. */
  detail: Array<{ file: string; gzipKb: number }>;
}

const ROOT = resolve(import.meta.dirname, '../..');
// Each page's chunk(s). The application form page paints (its spinner) before the step form's chunk
// arrives, which it asks for at once: its second row is what the form needs before it shows, the
// widgets a schema names (loaded with its dictionaries) aside.
const PAGES: Record<string, readonly string[]> = {
  '/home': ['pages/home-page.tsx'],
  '/home/articles': ['pages/portal/article-list-page.tsx'],
  '/home/articles/detail': ['pages/portal/article-detail-page.tsx'],
  '/activities': ['pages/activities/activities-page.tsx'],
  '/home/activities/applicationForm': ['pages/activities/application-form-page.tsx'],
  '  … until the step form shows': ['pages/activities/application-form-page.tsx', 'activities/step-form/step-form.tsx'],
  '/resources/…/lists/…': ['pages/resources/resource-list-page.tsx'],
};
const HEAVY = [/node_modules\/@formily\//, /node_modules\/ajv\//];

export async function runFirstLoadBench(): Promise<FirstLoadRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'kc-first-load-'));
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true },
    });
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
      return HEAVY.filter((pattern) => map.sources.some((source) => pattern.test(source))).map((pattern) =>
        pattern.source.includes('formily') ? 'Formily' : 'ajv',
      );
    };
    return Object.entries(PAGES).map(([page, sources]) => {
      const keys = sources.map((source) => {
        const key = Object.keys(manifest).find((candidate) => candidate.endsWith(source));
        if (!key) throw new Error(`${source} is not a chunk of its own`);
        return key;
      });
      const files = [...keys.reduce((into, key) => closure(key, into), closure(entryKey, new Set<string>()))]
        .map((name) => manifest[name]?.file ?? '')
        .filter((file) => file.endsWith('.js'));
      const detail = files.map((file) => ({ file, gzipKb: round(gzipKb(file)) })).sort((a, b) => b.gzipKb - a.gzipKb);
      return {
        page,
        gzipKb: round(detail.reduce((sum, entry) => sum + entry.gzipKb, 0)),
        files: files.length,
        heavy: [...new Set(files.flatMap(heavyIn))],
        detail,
      };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printFirstLoad(rows: readonly FirstLoadRow[], detailFor?: string): void {
  console.log(
    '\n4. First-load JavaScript (gzip, before first paint)   budgets: /home ≤ 200 KB without Formily or ajv; a form route ≤ 400 KB',
  );
  for (const row of rows) {
    console.log(
      `   ${row.page.padEnd(38)} ${row.gzipKb.toFixed(1).padStart(8)} KB (${row.files} files)   ${row.heavy.length ? row.heavy.join(', ') : 'no Formily, no ajv'}`,
    );
    if (detailFor === row.page)
      for (const entry of row.detail) console.log(`      ${entry.gzipKb.toFixed(1).padStart(7)} KB  ${entry.file}`);
  }
}

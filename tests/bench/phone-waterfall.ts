/**
 * `npm run bench:phone:waterfall -- /home/event [applicant]`: one cold load of a page on the phone
 * profile of bench:phone, printed as its waterfall: every request's start and end (ms from navigation),
 * its KB on the wire and who asked for it, with FCP, LCP and the long tasks. It shows what a page
 * waits on before its largest paint: the chunks in line for the browser's six connections, the calls
 * that leave only once a chunk has run (issue 33). With `--trace`, each long task's heaviest parts too
 * (lib/long-task-breakdown.ts). Printed, never asserted; `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startServerProcess } from '../server/helpers/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './form-engine/run-form-bench';
import { longTaskBreakdown, navigationStartTs, type TraceEvent } from './lib/long-task-breakdown';
import { logIn, openPhonePage } from './phone-vitals';

// What the trace must hold for longTaskBreakdown: the main thread's tasks and what ran inside them.
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  '__metadata',
];

interface Row {
  name: string;
  start: number;
  end: number;
  bytes: number;
  initiator: string;
}

const ROOT = resolve(import.meta.dirname, '../..');
const traced = process.argv.includes('--trace');
const [path = '/home', as] = process.argv.slice(2).filter((arg) => arg !== '--trace');

if (!existsSync(join(ROOT, 'dist/client/index.html')))
  throw new Error('bench:phone:waterfall serves the built client: run `npm run build` first');
const work = mkdtempSync(join(tmpdir(), 'kc-phone-waterfall-'));
const server = await startServerProcess(
  { NODE_ENV: 'test', DATA_DIR: join(work, 'data'), ANONYMOUS_READS_PER_MINUTE: '1000000000' },
  180_000,
);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const { context, page } = await openPhonePage(browser, as ? await logIn(server.url, as) : undefined);
  if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(`${server.url}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(8_000);
  const trace = traced ? (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents : [];
  const seen = await page.evaluate(() => {
    const vitals = (
      window as unknown as {
        __vitals: {
          lcp: number;
          fcp: number;
          lcpElement: string;
          shifts: { at: number; value: number; sources: string[] }[];
          longTasks: { at: number; ms: number }[];
        };
      }
    ).__vitals;
    const rows = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: entry.transferSize,
      initiator: entry.initiatorType,
    }));
    return { lcp: vitals.lcp, fcp: vitals.fcp, lcpElement: vitals.lcpElement, shifts: vitals.shifts, longTasks: vitals.longTasks, rows };
  });
  await context.close();
  console.log(`\n${path}${as ? ` as ${as}` : ''}: FCP ${Math.round(seen.fcp)} ms, LCP ${Math.round(seen.lcp)} ms (${seen.lcpElement})`);
  for (const shift of seen.shifts)
    console.log(`layout shift at ${Math.round(shift.at)} ms: ${shift.value.toFixed(4)} (${shift.sources.join(', ')})`);
  console.log('| start ms | end ms | KB | by | request |');
  console.log('|--:|--:|--:|---|---|');
  let before = { requests: 1, kb: 0 };
  for (const row of seen.rows as Row[]) {
    const mark = row.start < seen.lcp ? '' : ' (after LCP)';
    if (row.start < seen.lcp) before = { requests: before.requests + 1, kb: before.kb + row.bytes / 1024 };
    console.log(
      `| ${Math.round(row.start)} | ${Math.round(row.end)} | ${(row.bytes / 1024).toFixed(1)} | ${row.initiator} | ${row.name}${mark} |`,
    );
  }
  console.log(`before LCP: ${before.requests} requests (the document included), ${before.kb.toFixed(0)} KB`);
  const blocking = seen.longTasks.filter((task) => task.at >= seen.fcp).reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0);
  console.log(
    `long tasks (start ms + duration ms): ${seen.longTasks.map((task) => `${Math.round(task.at)}+${Math.round(task.ms)}`).join(', ')}`,
  );
  console.log(`TBT (after FCP, over 50 ms each): ${Math.round(blocking)} ms`);
  if (traced) {
    console.log('long tasks in the trace, by their heaviest parts (ms from navigation, ms):');
    for (const task of longTaskBreakdown(trace, navigationStartTs(trace))) {
      const parts = task.parts.map((part) => `${part.what} ${Math.round(part.ms)}`).join('; ');
      console.log(`  ${Math.round(task.startMs)} +${Math.round(task.ms)}: ${parts}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

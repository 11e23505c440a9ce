/**
 * `npx tsx tests/bench/form-engine/profile.ts [variant] [n]` (default schema-form 1000): one page of
 * the bench, built unminified with a chunk per package, under Chromium's CPU profiler (CDP Profiler,
 * 200 µs sampling) and its Performance metrics, phase by phase: mount, 30 keystrokes, reveal (scrolling
 * to the bottom), submit with everything revealed. A third argument names the phases after the
 * mount to run (`reveal,submit`: the bench's fresh page, without the keystrokes). Prints where the
 * time went. Profiling slows the page down; read the shares, not the absolute times.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { answerApi } from './api-routes';
import { generateBenchForm } from './form-bench-schema';
import { isVariant, KEYSTROKES, type BenchWindow } from './bench-protocol';
import { buildBenchPage } from './build-bench-page';
import { summariseProfile, type TimeShare } from './cpu-profile-summary';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './run-form-bench';
import { serveStatic } from './static-server';

const variant = process.argv[2] ?? 'schema-form';
const n = Number(process.argv[3] ?? 1000);
if (!isVariant(variant)) throw new Error(`unknown variant ${variant}`);
const phases = new Set((process.argv[4] ?? 'keys,reveal,submit').split(','));
const TOP = Number(process.env['PROFILE_TOP'] ?? 15);

const METRICS = [
  'TaskDuration',
  'ScriptDuration',
  'RecalcStyleDuration',
  'LayoutDuration',
  'RecalcStyleCount',
  'LayoutCount',
  'Nodes',
  'JSEventListeners',
];

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return new Map(list.map((metric) => [metric.name, metric.value]));
}

function printShares(title: string, shares: TimeShare[]): void {
  console.log(`  ${title}`);
  for (const share of shares) console.log(`    ${share.ms.toFixed(0).padStart(7)} ms  ${share.name}`);
}

async function phase(cdp: CDPSession, name: string, action: () => Promise<unknown>): Promise<void> {
  const before = await metrics(cdp);
  await cdp.send('Profiler.start');
  await action();
  const { profile } = await cdp.send('Profiler.stop');
  // PROFILE_DUMP=dir writes each phase's profile (.cpuprofile: DevTools' Performance panel opens it).
  const dump = process.env['PROFILE_DUMP'];
  if (dump) writeFileSync(join(dump, `${variant}-${n}-${name.split(' ')[0] ?? 'phase'}.cpuprofile`), JSON.stringify(profile));
  const after = await metrics(cdp);
  const summary = summariseProfile(profile, TOP);
  const delta = (metric: string): string => {
    const value = (after.get(metric) ?? 0) - (before.get(metric) ?? 0);
    return metric.endsWith('Duration') ? `${(value * 1000).toFixed(0)} ms` : value.toFixed(0);
  };
  console.log(`\n== ${variant}@${n}: ${name} (${summary.totalMs.toFixed(0)} ms sampled)`);
  console.log(`  metrics: ${METRICS.map((metric) => `${metric} ${delta(metric)}`).join(', ')}`);
  printShares('self time by chunk', summary.byChunkSelf);
  printShares('self time by function', summary.byFunctionSelf);
  printShares('total time by function', summary.byFunctionTotal);
}

const built = await buildBenchPage({ minify: false, chunkByPackage: true });
const server = await serveStatic(built.dir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await answerApi(page, generateBenchForm(n), []);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await phase(cdp, 'mount (navigation → all fields painted)', async () => {
    await page.goto(`${server.origin}/?variant=${variant}&n=${n}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).__bench !== undefined || (window as unknown as BenchWindow).__benchError !== undefined,
    );
    const report = await page.evaluate(async () => {
      const { __bench: bench, __benchError: failure } = window as unknown as BenchWindow;
      if (!bench) throw new Error(failure ?? 'no bench API');
      return bench.whenMounted();
    });
    console.log(
      `\nmount ${report.mountMs.toFixed(0)} ms (render start ${report.renderStartMs.toFixed(0)} ms), ${report.fieldCount} fields`,
    );
  });
  if (phases.has('keys'))
    await phase(cdp, `${KEYSTROKES} keystrokes`, () =>
      page.evaluate(async (count) => (window as unknown as BenchWindow).__bench?.typeKeys(count), KEYSTROKES),
    );
  if (phases.has('reveal'))
    await phase(cdp, 'reveal (scrolling top to bottom, a screen per step)', async () => {
      const reveal = await page.evaluate(async () => (window as unknown as BenchWindow).__bench?.revealAll());
      if (reveal)
        console.log(
          `\nreveal ${reveal.revealMs.toFixed(0)} ms in ${reveal.steps} steps, longest task ${reveal.longestTaskMs.toFixed(0)} ms`,
        );
    });
  if (phases.has('submit'))
    await phase(cdp, 'submit with 20 required fields empty, every block mounted', () =>
      page.evaluate(async () => (window as unknown as BenchWindow).__bench?.submitInvalid()),
    );
  await context.close();
} finally {
  await browser.close();
  await server.close();
  built.remove();
}

/**
 * `npx tsx tests/bench/form-engine/trace.ts [variant] [n] [phase]` (default schema-form 1000 submit):
 * one page of the bench (the minified build the bench measures) under a Chromium performance trace,
 * for one phase: `submit` (submit with everything revealed, as the bench's "submit revealed") or
 * `reveal`. The CPU profile (profile.ts) sees only JavaScript; this sees the whole main thread: each
 * task over 4 ms in the phase, what it spent on script, style, layout, paint and garbage collection,
 * and the gaps between tasks (time the page waited). Read the shares, not the absolute times.
 */
import { chromium } from 'playwright-core';
import { answerApi } from './api-routes';
import { isVariant, type BenchWindow } from './bench-protocol';
import { buildBenchPage } from './build-bench-page';
import { generateBenchForm } from './form-bench-schema';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './run-form-bench';
import { serveStatic } from './static-server';
import { summariseTrace, type TraceEvent } from './trace-summary';

const variant = process.argv[2] ?? 'schema-form';
const n = Number(process.argv[3] ?? 1000);
const phase = process.argv[4] ?? 'submit';
if (!isVariant(variant)) throw new Error(`unknown variant ${variant}`);
if (phase !== 'submit' && phase !== 'reveal') throw new Error(`unknown phase ${phase}`);

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'];

const built = await buildBenchPage();
const server = await serveStatic(built.dir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  await answerApi(page, generateBenchForm(n), []);
  await page.goto(`${server.origin}/?variant=${variant}&n=${n}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench !== undefined);
  await page.evaluate(async () => (window as unknown as BenchWindow).__bench?.whenMounted());
  if (phase === 'submit') await page.evaluate(async () => (window as unknown as BenchWindow).__bench?.revealAll());
  await browser.startTracing(page, { categories: CATEGORIES });
  const marked = await page.evaluate(async (which) => {
    const bench = (window as unknown as BenchWindow).__bench;
    performance.mark('kc-phase-start');
    const report = which === 'submit' ? await bench?.submitInvalid() : await bench?.revealAll();
    performance.mark('kc-phase-end');
    return report;
  }, phase);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  console.log(`${variant}@${n} ${phase}: ${JSON.stringify(marked)}`);
  console.log(summariseTrace(trace.traceEvents));
  await context.close();
} finally {
  await browser.close();
  await server.close();
  built.remove();
}

/**
 * Issue 16's browser benchmark: one long form rendered three ways (the engine's SchemaForm, the
 * application step form with the form as its one step, raw Formily) in headless Chromium, from one
 * Vite build. Every run measures every variant at every size once, in a shuffled order (the machine is
 * noisy), each in a fresh browser context; the result gives the medians over the runs and every sample.
 */
import { availableParallelism, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { ENGINE_VARIANTS, VARIANTS, type Variant } from './bench-protocol';
import { buildBenchPage } from './build-bench-page';
import { measureSample, type FormBenchSample } from './measure-sample';
import { serveStatic } from './static-server';
import { median, percentile, shuffled } from '../lib/bench-stats';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface FormBenchOptions {
  /** Runs over every variant and size; default 5. */
  runs?: number;
  /** Numbers of top-level fields; default [300, 1000]. */
  sizes?: number[];
  variants?: readonly Variant[];
  /** One discarded sample per variant at the smallest size before the runs; default true. */
  warmUp?: boolean;
  /** Progress lines; default console.log. */
  log?: (line: string) => void;
}

export interface FormBenchMedians {
  mountMs: number;
  firstFieldMs: number;
  renderStartMs: number;
  /** Over every keystroke of every run pooled (30 per run), not a median of per-run percentiles. */
  keystrokeP50Ms: number;
  keystrokeP95Ms: number;
  submitMs: number;
  heapMB: number;
  mountLongestTaskMs: number;
  revealMs: number;
  /** Over the runs: the longest task while scrolling, the total of long tasks, a non-table block's and the table's longest. */
  revealLongestTaskMs: number;
  revealLongTasksTotalMs: number;
  blockLongestTaskMs: number;
  tableLongestTaskMs: number;
  submitRevealedMs: number;
}

export interface FormBenchCell {
  variant: Variant;
  n: number;
  medians: FormBenchMedians;
  samples: FormBenchSample[];
}

/** An engine variant's median over raw Formily's, at one size: above 1 is slower (or bigger) than raw. */
export interface FormBenchRatio {
  mount: number;
  submit: number;
  heap: number;
  reveal: number;
  submitRevealed: number;
}

export interface FormBenchResult {
  startedAt: string;
  durationMs: number;
  buildMs: number;
  /** loadAverage: the 1-minute load average at the start and the end; above the CPU count, the figures are noisy. */
  environment: { chromium: string; node: string; cpus: number; loadAverage: { start: number; end: number } };
  runs: number;
  sizes: number[];
  variants: Variant[];
  /** The order each run measured in, as `variant@n`. */
  order: string[][];
  /** cells[variant][n] */
  cells: Partial<Record<Variant, Record<string, FormBenchCell>>>;
  /** Samples that failed (left out of the medians), with why. */
  failures: string[];
  /** ratios[n][engine variant], present when raw-formily was measured. */
  ratios: Record<string, Partial<Record<Variant, FormBenchRatio>>>;
}

function summarise(variant: Variant, n: number, samples: FormBenchSample[]): FormBenchCell {
  const of = (pick: (sample: FormBenchSample) => number): number => median(samples.map(pick));
  const keys = samples.flatMap((sample) => sample.keystrokeMs);
  return {
    variant,
    n,
    medians: {
      mountMs: of((s) => s.mountMs),
      firstFieldMs: of((s) => s.firstFieldMs),
      renderStartMs: of((s) => s.renderStartMs),
      keystrokeP50Ms: percentile(keys, 50),
      keystrokeP95Ms: percentile(keys, 95),
      submitMs: of((s) => s.submitMs),
      heapMB: of((s) => s.heapMB),
      mountLongestTaskMs: of((s) => s.mountLongestTaskMs),
      revealMs: of((s) => s.reveal.revealMs),
      revealLongestTaskMs: of((s) => s.reveal.longestTaskMs),
      revealLongTasksTotalMs: of((s) => s.reveal.longTasksTotalMs),
      blockLongestTaskMs: of((s) => s.reveal.blockLongestTaskMs),
      tableLongestTaskMs: of((s) => s.reveal.tableLongestTaskMs),
      submitRevealedMs: of((s) => s.submitRevealedMs),
    },
    samples,
  };
}

async function measureAll(
  browser: Browser,
  origin: string,
  options: Required<Omit<FormBenchOptions, 'log'>>,
  log: (line: string) => void,
  result: FormBenchResult,
): Promise<void> {
  const combos = options.sizes.flatMap((n) => options.variants.map((variant) => ({ variant, n })));
  const samples = new Map<string, FormBenchSample[]>();
  if (options.warmUp) {
    const n = Math.min(...options.sizes);
    for (const variant of options.variants) {
      const sample = await measureSample(browser, origin, variant, n, 0).catch((error: unknown) => error as Error);
      log(
        `warm-up ${variant}@${n}: ${sample instanceof Error ? `failed, ${sample.message}` : `mount ${sample.mountMs.toFixed(0)} ms`} (discarded)`,
      );
    }
  }
  for (let run = 1; run <= options.runs; run += 1) {
    const order = shuffled(combos, run);
    result.order.push(order.map(({ variant, n }) => `${variant}@${n}`));
    for (const { variant, n } of order) {
      const started = performance.now();
      const key = `${variant}@${n}`;
      let sample: FormBenchSample;
      try {
        sample = await measureSample(browser, origin, variant, n, run);
      } catch (error) {
        // One failed sample is reported and left out of the medians; the run goes on.
        result.failures.push(`run ${run} ${key}: ${(error as Error).message}`);
        log(`run ${run}/${options.runs} ${key.padEnd(17)} FAILED: ${(error as Error).message}`);
        continue;
      }
      samples.set(key, [...(samples.get(key) ?? []), sample]);
      const errors = sample.pageErrors.length ? `, ${sample.pageErrors.length} page errors` : '';
      log(
        `run ${run}/${options.runs} ${key.padEnd(17)} mount ${sample.mountMs.toFixed(0).padStart(6)} ms  key p50 ${sample.keystrokeP50Ms.toFixed(1)} ms  submit ${sample.submitMs.toFixed(0)} ms  heap ${sample.heapMB.toFixed(1)} MB  reveal ${sample.reveal.revealMs.toFixed(0)} ms (longest task ${sample.reveal.longestTaskMs.toFixed(0)} ms)  submit revealed ${sample.submitRevealedMs.toFixed(0)} ms  (${((performance.now() - started) / 1000).toFixed(1)} s${errors})`,
      );
    }
  }
  for (const { variant, n } of combos) {
    const cell = summarise(variant, n, samples.get(`${variant}@${n}`) ?? []);
    (result.cells[variant] ??= {})[String(n)] = cell;
  }
  for (const n of options.sizes) {
    const raw = result.cells['raw-formily']?.[String(n)]?.medians;
    if (!raw) continue;
    const ratios: Partial<Record<Variant, FormBenchRatio>> = {};
    for (const variant of ENGINE_VARIANTS) {
      const engine = result.cells[variant]?.[String(n)]?.medians;
      if (engine)
        ratios[variant] = {
          mount: engine.mountMs / raw.mountMs,
          submit: engine.submitMs / raw.submitMs,
          heap: engine.heapMB / raw.heapMB,
          reveal: engine.revealMs / raw.revealMs,
          submitRevealed: engine.submitRevealedMs / raw.submitRevealedMs,
        };
    }
    result.ratios[String(n)] = ratios;
  }
}

export async function runFormBench(options: FormBenchOptions = {}): Promise<FormBenchResult> {
  const resolved = {
    runs: options.runs ?? 5,
    sizes: options.sizes ?? [300, 1000],
    variants: options.variants ?? VARIANTS,
    warmUp: options.warmUp ?? true,
  };
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  log('building the bench page…');
  const page = await buildBenchPage();
  const buildMs = performance.now() - started;
  const server = await serveStatic(page.dir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const result: FormBenchResult = {
      startedAt: new Date().toISOString(),
      durationMs: 0,
      buildMs,
      environment: {
        chromium: browser.version(),
        node: process.version,
        cpus: availableParallelism(),
        loadAverage: { start: loadAtStart, end: Number.NaN },
      },
      runs: resolved.runs,
      sizes: [...resolved.sizes],
      variants: [...resolved.variants],
      order: [],
      cells: {},
      failures: [],
      ratios: {},
    };
    await measureAll(browser, server.origin, resolved, log, result);
    result.durationMs = performance.now() - started;
    result.environment.loadAverage.end = loadavg()[0] ?? Number.NaN;
    return result;
  } finally {
    await browser.close();
    await server.close();
    page.remove();
  }
}

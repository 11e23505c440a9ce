/**
 * One sample: one variant at one size in a fresh browser context (its own cache, storage and heap),
 * measured in order on the same page: mount, JS heap after mount, 30 keystrokes, submit with the 20
 * required fields empty. The keystrokes go into an optional field, so the submit still finds exactly
 * 20 errors. Then the same form again on a fresh page (issue 33): scrolled from top to bottom a screen
 * at a time until every block is mounted (reveal-probe.ts), and submitted with everything revealed.
 */
import type { Browser, Page } from 'playwright-core';
import { answerApi } from './api-routes';
import { generateBenchForm } from './form-bench-schema';
import { KEYSTROKES, type BenchWindow, type MountReport, type RevealReport, type SubmitReport, type Variant } from './bench-protocol';
import { percentile } from '../lib/bench-stats';

export interface FormBenchSample {
  run: number;
  variant: Variant;
  n: number;
  /** Navigation start → the first painted frame with every field present or reachable (mount-watch.ts). */
  mountMs: number;
  /** FormItems in the DOM, and the engine's blocks still pending, at that frame. */
  inDomAtMount: number;
  pendingBlocksAtMount: number;
  /** Navigation start → the first painted frame with any field. */
  firstFieldMs: number;
  /** Navigation start → the variant's code loaded and handed to React (JS download and parse included). */
  renderStartMs: number;
  /** V8's used heap after a forced GC, right after mount. */
  heapMB: number;
  keystrokeMs: number[];
  keystrokeP50Ms: number;
  keystrokeP95Ms: number;
  /** The submit click → the first painted frame with all 20 errors on screen. */
  submitMs: number;
  /** The longest main-thread task up to mountMs. */
  mountLongestTaskMs: number;
  /** On a fresh page: scrolling top to bottom until every block is mounted, and its long tasks. */
  reveal: RevealReport;
  /** Then the submit with every block mounted. */
  submitRevealedMs: number;
  /** The page's /api calls, as `METHOD /path`, in order. */
  apiCalls: string[];
  /** Uncaught errors and console errors of the page (none expected). */
  pageErrors: string[];
}

const READY_TIMEOUT_MS = 60_000;

export async function measureSample(browser: Browser, origin: string, variant: Variant, n: number, run: number): Promise<FormBenchSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const page = await context.newPage();
    const bench = generateBenchForm(n);
    const apiCalls: string[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await answerApi(page, bench, apiCalls);
    const cdp = await context.newCDPSession(page);

    const mount = await openMounted(page, origin, variant, n);

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');

    const keys = await within(
      page,
      'typing',
      page.evaluate(async (count) => {
        const bench = (window as unknown as BenchWindow).__bench;
        if (!bench) throw new Error('no bench API');
        return bench.typeKeys(count);
      }, KEYSTROKES),
    );
    // Typing scrolled to the middle and mounted a block there: its FormItems must be what its
    // placeholder promised, so the "reachable" count at mount was a true one.
    const afterTyping = await page.evaluate(() => {
      const bench = (window as unknown as BenchWindow).__bench;
      if (!bench) throw new Error('no bench API');
      return bench.counts();
    });
    if (afterTyping.reachable !== mount.expectedFields)
      throw new Error(
        `${variant} n=${n}: ${afterTyping.reachable} fields present or reachable after typing, expected ${mount.expectedFields}`,
      );
    if (mount.pendingBlocks > 0 && afterTyping.inDom <= mount.inDom)
      throw new Error(`${variant} n=${n}: scrolling to the typed field mounted nothing (${afterTyping.inDom} FormItems in the DOM)`);
    const submit = await within(
      page,
      'submit',
      page.evaluate(async () => {
        const bench = (window as unknown as BenchWindow).__bench;
        if (!bench) throw new Error('no bench API');
        return bench.submitInvalid();
      }),
    );
    if (submit.errorCount !== submit.expectedErrors)
      throw new Error(`${variant} n=${n}: ${submit.errorCount} errors after submit, expected ${submit.expectedErrors}`);
    await page.close();

    const second = await context.newPage();
    second.on('pageerror', (error) => pageErrors.push(error.message));
    await answerApi(second, bench, apiCalls);
    await openMounted(second, origin, variant, n);
    const revealed = await within(
      second,
      'reveal and submit',
      second.evaluate(async () => {
        const bench = (window as unknown as BenchWindow).__bench;
        if (!bench) throw new Error('no bench API');
        const reveal = await bench.revealAll();
        const counts = bench.counts();
        const submit: SubmitReport = await bench.submitInvalid();
        return { reveal, counts, submit };
      }),
    );
    if (revealed.counts.pendingBlocks > 0 || revealed.counts.inDom !== mount.expectedFields)
      throw new Error(
        `${variant} n=${n}: after scrolling to the bottom ${revealed.counts.inDom} FormItems in the DOM, expected ${mount.expectedFields}`,
      );
    if (revealed.submit.errorCount !== revealed.submit.expectedErrors)
      throw new Error(
        `${variant} n=${n}: ${revealed.submit.errorCount} errors after submit with all revealed, expected ${revealed.submit.expectedErrors}`,
      );
    return {
      run,
      variant,
      n,
      mountMs: mount.mountMs,
      firstFieldMs: mount.firstFieldMs,
      inDomAtMount: mount.inDom,
      pendingBlocksAtMount: mount.pendingBlocks,
      renderStartMs: mount.renderStartMs,
      heapMB: heap.usedSize / 1024 / 1024,
      keystrokeMs: keys.samplesMs,
      keystrokeP50Ms: percentile(keys.samplesMs, 50),
      keystrokeP95Ms: percentile(keys.samplesMs, 95),
      submitMs: submit.submitMs,
      mountLongestTaskMs: mount.longestTaskMs,
      reveal: revealed.reveal,
      submitRevealedMs: revealed.submit.submitMs,
      apiCalls,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}

/** Opens the bench page for a variant and waits for its mount (every field present or reachable). */
async function openMounted(page: Page, origin: string, variant: Variant, n: number): Promise<MountReport> {
  await page.goto(`${origin}/?variant=${variant}&n=${n}`, { waitUntil: 'commit' });
  // The callbacks run in the page; the casts are types only.
  await page.waitForFunction(
    () => (window as unknown as BenchWindow).__bench !== undefined || (window as unknown as BenchWindow).__benchError !== undefined,
    undefined,
    { timeout: READY_TIMEOUT_MS },
  );
  const mount = await within(
    page,
    'mount',
    page.evaluate(async (): Promise<MountReport> => {
      const { __bench: bench, __benchError: failure } = window as unknown as BenchWindow;
      if (!bench) throw new Error(failure ?? 'the bench page did not start');
      return bench.whenMounted();
    }),
  );
  if (mount.fieldCount !== mount.expectedFields)
    throw new Error(`${variant} n=${n}: ${mount.fieldCount} fields present or reachable, expected ${mount.expectedFields}`);
  return mount;
}

const PHASE_TIMEOUT_MS = 200_000;

/**
 * A phase of a sample, given up after PHASE_TIMEOUT_MS with what the page shows then: an in-page wait
 * that never ends (a frame that never comes) must fail the sample, not hang the bench.
 */
async function within<T>(page: Page, phase: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void page
        .evaluate(() => (window as unknown as BenchWindow).__bench?.counts())
        .then(
          (counts) => JSON.stringify(counts),
          (error: unknown) => String(error),
        )
        .then((state) => reject(new Error(`${phase}: no answer within ${PHASE_TIMEOUT_MS / 1000} s (the page: ${state})`)));
    }, PHASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `npm run bench:phone` (issue 33): Web Vitals of the public pages and the application form on a
 * mid-range phone, in headless Chromium against the real server (the built client in dist/client; run
 * `npm run build` first). The phone: 390 × 844, CPU throttled 4×, 1.6 Mbps down / 750 kbps up /
 * 150 ms round trip (DevTools' throttling, as Lighthouse's "simulated slow 4G" describes it), a cold cache
 * (a new context per run). For each page, the median of BENCH_RUNS (3): FCP, LCP, TBT (long tasks'
 * time over 50 ms from FCP until the page has been quiet for 3 s), CLS (shifts without recent input,
 * session windows as web-vitals counts them), bytes and requests: all, and those that started before
 * LCP. Budgets (issue 33): LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05, ≤ 25 requests and ≤ 250 KB of
 * JavaScript before LCP. Printed, never asserted.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startServerProcess } from '../server/helpers/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './form-engine/run-form-bench';
import { median, round } from './lib/bench-stats';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
/** How long the page must stay without a long task or a request before the figures are read. */
const QUIET_MS = 3_000;

export interface PhoneVitals {
  page: string;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  wireKb: number;
  jsWireKb: number;
  requests: number;
  requestsBeforeLcp: number;
  jsWireKbBeforeLcp: number;
}

interface PageSpec {
  label: string;
  path: string;
  /** Signed in as this demo account (the application form). */
  as?: string;
}

const PAGES: readonly PageSpec[] = [
  { label: '/home', path: '/home' },
  { label: '/home/event', path: '/home/event' },
  { label: '/home/financing', path: '/home/financing' },
  { label: '/home/incubation/list', path: '/home/incubation/list' },
  { label: '/activities', path: '/activities' },
  { label: '/search?keyword=高新技术企业', path: `/search?keyword=${encodeURIComponent('高新技术企业')}` },
  { label: 'application form (logged in)', path: '/home/activities/applicationForm?activityId=hightech-cultivation', as: 'applicant' },
];

/** Collected in the page from its first script on: paints, LCP candidates, shifts and long tasks. */
function observe(): void {
  const vitals = {
    fcp: 0,
    lcp: 0,
    lcpElement: '',
    shifts: [] as { at: number; value: number; sources: string[] }[],
    longTasks: [] as { at: number; ms: number }[],
    // What an element is, for the waterfall's print: its tag and first class.
    describe: (node: Node | null | undefined): string =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.classList[0] ? `.${node.classList[0]}` : ''}`
        : String(node?.nodeName ?? ''),
  };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = vitals.describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[])
      if (!entry.hadRecentInput)
        vitals.shifts.push({
          at: entry.startTime,
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => vitals.describe(source.node)),
        });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

interface Collected {
  fcp: number;
  lcp: number;
  shifts: { at: number; value: number }[];
  longTasks: { at: number; ms: number }[];
  resources: { at: number; bytes: number; script: boolean }[];
  documentBytes: number;
}

/** CLS as web-vitals counts it: the largest session window (gaps < 1 s, windows ≤ 5 s). */
export function cumulativeLayoutShift(shifts: readonly { at: number; value: number }[]): number {
  let largest = 0;
  let current = 0;
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - last < 1_000 && shift.at - first < 5_000) current += shift.value;
    else {
      current = shift.value;
      first = shift.at;
    }
    last = shift.at;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** A cold phone: a new context at 390 × 844, 3×, touch, Beijing time, its network and CPU throttled as above. */
export async function openPhonePage(browser: Browser, token: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  if (token) await context.addInitScript((value) => localStorage.setItem('ACCESS_TOKEN', value), token);
  // tsx names the functions inside observe with its __name helper, which the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

async function measure(browser: Browser, baseUrl: string, spec: PageSpec, token: string | undefined): Promise<PhoneVitals> {
  const { context, page } = await openPhonePage(browser, token);
  try {
    let lastActivity = Date.now();
    page.on('request', () => (lastActivity = Date.now()));
    page.on('requestfinished', () => (lastActivity = Date.now()));
    await page.goto(`${baseUrl}${spec.path}`, { waitUntil: 'load', timeout: 120_000 });
    let longTasks = 0;
    for (;;) {
      await page.waitForTimeout(500);
      const seen = await page.evaluate(() => (window as unknown as { __vitals: { longTasks: unknown[] } }).__vitals.longTasks.length);
      if (seen !== longTasks) {
        longTasks = seen;
        lastActivity = Date.now();
      }
      if (Date.now() - lastActivity >= QUIET_MS) break;
    }
    const collected = await page.evaluate((): Collected => {
      const vitals = (window as unknown as { __vitals: Omit<Collected, 'resources' | 'documentBytes'> }).__vitals;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        at: entry.startTime,
        bytes: entry.transferSize,
        script: entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name),
      }));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { ...vitals, resources, documentBytes: navigation?.transferSize ?? 0 };
    });
    const kb = (bytes: number) => bytes / 1024;
    const before = collected.resources.filter((resource) => resource.at < collected.lcp);
    return {
      page: spec.label,
      fcpMs: collected.fcp,
      lcpMs: collected.lcp,
      tbtMs: collected.longTasks.filter((task) => task.at >= collected.fcp).reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0),
      cls: cumulativeLayoutShift(collected.shifts),
      wireKb: kb(collected.documentBytes + collected.resources.reduce((sum, resource) => sum + resource.bytes, 0)),
      jsWireKb: kb(collected.resources.filter((resource) => resource.script).reduce((sum, resource) => sum + resource.bytes, 0)),
      requests: collected.resources.length + 1,
      requestsBeforeLcp: before.length + 1,
      jsWireKbBeforeLcp: kb(before.filter((resource) => resource.script).reduce((sum, resource) => sum + resource.bytes, 0)),
    };
  } finally {
    await context.close();
  }
}

export async function logIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Kechuang@2026', code: '2' }),
  });
  const token = ((await response.json()) as { result?: { token?: string } }).result?.token;
  if (!token) throw new Error(`${username} login failed: ${response.status}`);
  return token;
}

/** Every page, BENCH_RUNS cold loads each, interleaved so a noisy moment of the machine does not fall on one page. */
export async function runPhoneVitalsBench(): Promise<PhoneVitals[]> {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) throw new Error('bench:phone serves the built client: run `npm run build` first');
  const work = mkdtempSync(join(tmpdir(), 'kc-phone-bench-'));
  const server = await startServerProcess(
    { NODE_ENV: 'test', DATA_DIR: join(work, 'data'), ANONYMOUS_READS_PER_MINUTE: '1000000000' },
    180_000,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const tokens = new Map<string, string>();
    for (const spec of PAGES) if (spec.as && !tokens.has(spec.as)) tokens.set(spec.as, await logIn(server.url, spec.as));
    const runs = new Map<string, PhoneVitals[]>(PAGES.map((spec) => [spec.label, []]));
    for (let run = 0; run < RUNS; run += 1)
      for (const spec of PAGES)
        runs.get(spec.label)?.push(await measure(browser, server.url, spec, spec.as ? tokens.get(spec.as) : undefined));
    return PAGES.map((spec) => {
      const all = runs.get(spec.label) ?? [];
      const mid = (pick: (row: PhoneVitals) => number) => median(all.map(pick));
      return {
        page: spec.label,
        fcpMs: mid((row) => row.fcpMs),
        lcpMs: mid((row) => row.lcpMs),
        tbtMs: mid((row) => row.tbtMs),
        cls: mid((row) => row.cls),
        wireKb: mid((row) => row.wireKb),
        jsWireKb: mid((row) => row.jsWireKb),
        requests: mid((row) => row.requests),
        requestsBeforeLcp: mid((row) => row.requestsBeforeLcp),
        jsWireKbBeforeLcp: mid((row) => row.jsWireKbBeforeLcp),
      };
    });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function printPhoneVitals(rows: readonly PhoneVitals[]): void {
  console.log(`\nPhone: 390 × 844, CPU 4×, 1.6 Mbps / 750 kbps / 150 ms, cold cache; median of ${RUNS}`);
  console.log('| page | FCP ms | LCP ms | TBT ms | CLS | wire KB | JS KB | requests | before LCP: requests | before LCP: JS KB |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const row of rows)
    console.log(
      `| ${row.page} | ${round(row.fcpMs)} | ${round(row.lcpMs)} | ${round(row.tbtMs)} | ${row.cls.toFixed(3)} | ${round(row.wireKb)} | ${round(row.jsWireKb)} | ${row.requests} | ${row.requestsBeforeLcp} | ${round(row.jsWireKbBeforeLcp)} |`,
    );
  console.log('budgets: LCP ≤ 2,500 ms, TBT ≤ 200 ms, CLS ≤ 0.05, ≤ 25 requests and ≤ 250 KB of JS before LCP');
}

if (import.meta.url === `file://${process.argv[1]}`) printPhoneVitals(await runPhoneVitalsBench());

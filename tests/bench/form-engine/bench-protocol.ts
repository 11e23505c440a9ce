/**
 * What the bench page and its driver agree on: the variants, the page's query, and the in-page
 * measuring API the page puts on `window.__bench` (every time is taken in the page with
 * performance.now(), never from a Playwright round trip).
 */

export const VARIANTS = ['schema-form', 'step-form', 'raw-formily'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The engine's variants, compared with raw Formily in the ratios. */
export const ENGINE_VARIANTS = ['schema-form', 'step-form'] as const satisfies readonly Variant[];

export function isVariant(value: unknown): value is Variant {
  return typeof value === 'string' && (VARIANTS as readonly string[]).includes(value);
}

export const KEYSTROKES = 30;

/** Times in ms since navigation start (the page's performance.timeOrigin). */
export interface MountReport {
  /** The variant's code is loaded and React is asked to render it. */
  renderStartMs: number;
  /** The first painted frame with at least one field on screen. */
  firstFieldMs: number;
  /** The first painted frame with every field present (its FormItem in the DOM) or reachable (in a pending block). */
  mountMs: number;
  /** Fields present or reachable at that frame. */
  fieldCount: number;
  /** Of those, the FormItems in the DOM. */
  inDom: number;
  /** The engine's blocks not mounted yet (0 for raw Formily). */
  pendingBlocks: number;
  expectedFields: number;
  /** The longest main-thread task from navigation start to mountMs (raw Formily: the whole form's render). */
  longestTaskMs: number;
}

/** Scrolling the form from top to bottom, a screen per step (reveal-probe.ts). */
export interface RevealReport {
  /** From the first scroll step to the first painted frame with no block pending and every field in the DOM. */
  revealMs: number;
  steps: number;
  /** Long tasks (over 50 ms) in that span: the longest, their total time and their number. */
  longestTaskMs: number;
  longTasksTotalMs: number;
  longTasks: number;
  /** Blocks (and row groups) mounted on the way, apart from the table's, and the longest task one of them cost (0: under 50 ms). */
  blockCommits: number;
  blockLongestTaskMs: number;
  /** The same for the block holding the table (or its row groups). */
  tableCommits: number;
  tableLongestTaskMs: number;
}

export interface KeystrokeReport {
  field: string;
  /** Per key: from the keydown dispatch to the first painted frame showing the new value. */
  samplesMs: number[];
}

export interface SubmitReport {
  /** From the submit click to the first painted frame with every expected error on screen. */
  submitMs: number;
  errorCount: number;
  expectedErrors: number;
}

export interface BenchPageApi {
  variant: Variant;
  n: number;
  whenMounted: () => Promise<MountReport>;
  typeKeys: (count: number) => Promise<KeystrokeReport>;
  submitInvalid: () => Promise<SubmitReport>;
  /** Scrolls from the top to the bottom, a screen per step, until every block is mounted. */
  revealAll: () => Promise<RevealReport>;
  /** The field counts now: present or reachable, in the DOM, pending blocks. */
  counts: () => FieldCounts;
}

export interface FieldCounts {
  reachable: number;
  inDom: number;
  pendingBlocks: number;
}

/**
 * The bench page's globals. Reached with a cast, `(window as unknown as BenchWindow)`, rather than by
 * augmenting the global Window type, which would reach every file of the project's type check.
 */
export interface BenchWindow {
  __bench?: BenchPageApi;
  /** Set when the page failed before its API existed, so the driver reports why instead of timing out. */
  __benchError?: string;
}

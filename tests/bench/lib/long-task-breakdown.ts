/**
 * What the renderer's main thread did in each long task of a Chromium trace (devtools.timeline): the
 * task's start and length, then its heaviest parts by kind (script evaluation of which file, a function
 * call from which file, style, layout, paint, garbage collection). It says which code a phone's TBT is
 * made of, where the long-task API only says that there was a task (issue 33). Printed, never asserted.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export interface LongTask {
  startMs: number;
  ms: number;
  parts: { what: string; ms: number }[];
}

const KINDS: Record<string, string> = {
  EvaluateScript: 'evaluate',
  'v8.evaluateModule': 'evaluate module',
  FunctionCall: 'call',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  EventDispatch: 'event',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile module',
  MajorGC: 'GC',
  MinorGC: 'GC',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
};

function shortUrl(url: string | undefined): string {
  if (!url) return '';
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');
}

/** The trace's last navigation start (µs), the origin of the page's own timings. */
export function navigationStartTs(events: readonly TraceEvent[]): number {
  const starts = events.filter((event) => event.name === 'navigationStart').map((event) => event.ts);
  return starts.length ? Math.max(...starts) : 0;
}

/** The long tasks (over thresholdMs) after navigation start `originTs` (µs), each with its parts by kind. */
export function longTaskBreakdown(events: readonly TraceEvent[], originTs: number, thresholdMs = 50): LongTask[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`)).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 > thresholdMs && event.ts >= originTs);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    // Only the outermost event of each kind counts, so that a call inside an evaluation is not counted twice.
    let coveredUntil = 0;
    for (const event of onMain) {
      if (event.ts < task.ts || event.ts >= end || event === task) continue;
      const kind = KINDS[event.name];
      if (!kind || event.ts < coveredUntil) continue;
      coveredUntil = event.ts + (event.dur ?? 0);
      const what = `${kind}${event.args?.data?.url ? ` ${shortUrl(event.args.data.url)}` : ''}`;
      parts.set(what, (parts.get(what) ?? 0) + (event.dur ?? 0) / 1000);
    }
    return {
      startMs: (task.ts - originTs) / 1000,
      ms: (task.dur ?? 0) / 1000,
      parts: [...parts]
        .map(([what, ms]) => ({ what, ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
    };
  });
}

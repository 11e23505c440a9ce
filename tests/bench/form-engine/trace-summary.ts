/**
 * Reads a Chromium performance trace of the bench page (trace.ts): the renderer's main thread between
 * the marks `kc-phase-start` and `kc-phase-end`, task by task, with each task's time split by the
 * trace event that spent it (self time: FunctionCall is script, UpdateLayoutTree style, Layout, Paint,
 * MajorGC…). Pure.
 */

import type { TraceEvent } from '../lib/long-task-breakdown';

export type { TraceEvent } from '../lib/long-task-breakdown';

interface Span {
  name: string;
  start: number;
  end: number;
  self: number;
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LISTED_TASK_MS = 4;

function selfTimes(events: readonly TraceEvent[]): Span[] {
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .map((event): Span => ({ name: event.name, start: event.ts, end: event.ts + (event.dur ?? 0), self: event.dur ?? 0 }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Span[] = [];
  for (const span of spans) {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= span.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && span.end <= parent.end) parent.self -= span.end - span.start;
    stack.push(span);
  }
  return spans;
}

function shares(spans: readonly Span[], top: number): string {
  const byName = new Map<string, number>();
  for (const span of spans) if (!TASKS.has(span.name)) byName.set(span.name, (byName.get(span.name) ?? 0) + span.self);
  return [...byName.entries()]
    .filter(([, us]) => us >= 500)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
    .join(', ');
}

export function summariseTrace(events: readonly TraceEvent[]): string {
  const start = events.find((event) => event.name === 'kc-phase-start');
  const end = events.find((event) => event.name === 'kc-phase-end');
  if (!start || !end) return 'no phase marks in the trace';
  const main = events.filter((event) => event.pid === start.pid && event.tid === start.tid && event.ts >= start.ts && event.ts <= end.ts);
  const spans = selfTimes(main);
  const tasks = spans.filter((span) => TASKS.has(span.name));
  // Nested RunTasks (a nested loop) are counted once, as their outermost task.
  const outer = tasks.filter(
    (task) =>
      !tasks.some(
        (other) =>
          other !== task && other.start <= task.start && other.end >= task.end && (other.start < task.start || other.end > task.end),
      ),
  );
  const busy = outer.reduce((sum, task) => sum + task.end - task.start, 0);
  const lines = [
    `window ${((end.ts - start.ts) / 1000).toFixed(0)} ms: tasks ${(busy / 1000).toFixed(0)} ms in ${outer.length}, idle ${((end.ts - start.ts - busy) / 1000).toFixed(0)} ms`,
    `  by event (self ms): ${shares(spans, 14)}`,
    `  tasks over ${LISTED_TASK_MS} ms (at ms from the start: duration; self ms by event):`,
  ];
  for (const task of outer) {
    const ms = (task.end - task.start) / 1000;
    if (ms < LISTED_TASK_MS) continue;
    const inside = spans.filter((span) => span.start >= task.start && span.end <= task.end);
    lines.push(`    @${((task.start - start.ts) / 1000).toFixed(0).padStart(6)}: ${ms.toFixed(1).padStart(6)} ms; ${shares(inside, 6)}`);
  }
  return lines.join('\n');
}

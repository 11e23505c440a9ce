/**
 * The page's long tasks (PerformanceObserver 'longtask': main-thread tasks over 50 ms), watched from
 * the page's start, so any window of the bench (mount, reveal, submit) can ask which fell in it.
 */
export interface LongTask {
  startMs: number;
  durationMs: number;
}

const tasks: LongTask[] = [];

export function watchLongTasks(): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('longtask')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The long tasks that started in [fromMs, toMs]. */
export function longTasksBetween(fromMs: number, toMs: number): LongTask[] {
  return tasks.filter((task) => task.startMs >= fromMs && task.startMs <= toMs);
}

/** The long task running at this moment, if any (a block's commit, seen by a MutationObserver). */
export function longTaskAt(ms: number): LongTask | undefined {
  return tasks.find((task) => task.startMs <= ms && ms <= task.startMs + task.durationMs);
}

/** Lets the observer deliver what the last task queued (its callback runs in a later task). */
export function flushLongTasks(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

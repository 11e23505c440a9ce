/**
 * Revealing the whole form as a reader does: from the top, scroll down one screen, wait for the
 * frame that shows it, scroll again, to the bottom; done at the first painted frame where no block is
 * pending and every field is in the DOM. The same steps for every variant: raw Formily has everything in the DOM, so its figure is
 * what scrolling the whole form costs; the engine's adds mounting its blocks on the way.
 *
 * Long tasks (over 50 ms) in that span are the jank a reader feels. Each block's commit is seen by a
 * MutationObserver (its data-kc-state turns "mounted" in the task that commits it, and a long table's
 * data-kc-filled grows with each group of rows it adds), so the long task
 * running at that moment is what mounting the block cost; a block whose commit falls in no long task
 * cost under 50 ms.
 */
import type { RevealReport } from '../bench-protocol';
import { countFields, countPendingBlocks } from './bench-dom';
import { flushLongTasks, longTaskAt, longTasksBetween } from './long-task-watch';
import { nextPaintAfter, settle } from './paint-timing';

const REVEAL_TIMEOUT_MS = 120_000;
const MAX_STEPS = 2_000;

interface Commit {
  atMs: number;
  table: boolean;
}

function atBottom(): boolean {
  const page = document.scrollingElement ?? document.documentElement;
  return window.scrollY + window.innerHeight >= page.scrollHeight - 2;
}

export async function measureReveal(tableField: string, expectedFields: number): Promise<RevealReport> {
  window.scrollTo({ top: 0 });
  await settle(300);
  const commits: Commit[] = [];
  const watcher = new MutationObserver((records) => {
    const atMs = performance.now();
    for (const record of records) {
      const element = record.target;
      if (!(element instanceof HTMLElement)) continue;
      // A block turning "mounted", or a long table's next group of rows (row-group-table.tsx).
      if (record.attributeName === 'data-kc-state' && element.dataset['kcState'] !== 'mounted') continue;
      // A block holding the table, or a row group inside it.
      const table = element.closest(`[data-kc-keys~="${CSS.escape(tableField)}"]`) !== null;
      commits.push({ atMs, table });
    }
  });
  watcher.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-kc-state', 'data-kc-filled'] });
  const start = performance.now();
  let steps = 0;
  try {
    while (!atBottom() && steps < MAX_STEPS) {
      window.scrollBy({ top: window.innerHeight, behavior: 'instant' });
      steps += 1;
      await nextPaintAfter(() => true, REVEAL_TIMEOUT_MS, `scroll step ${steps}`);
    }
    // A long table fills its rows after its block has mounted: done when every FormItem is in the DOM.
    const end = await nextPaintAfter(
      () => countPendingBlocks() === 0 && countFields() >= expectedFields,
      REVEAL_TIMEOUT_MS,
      `every block mounted and all ${expectedFields} fields in the DOM after scrolling`,
    );
    await flushLongTasks();
    const tasks = longTasksBetween(start, end);
    const costOf = (commit: Commit): number => longTaskAt(commit.atMs)?.durationMs ?? 0;
    const blocks = commits.filter((commit) => !commit.table).map(costOf);
    const table = commits.filter((commit) => commit.table).map(costOf);
    return {
      revealMs: end - start,
      steps,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.durationMs)),
      longTasksTotalMs: tasks.reduce((sum, task) => sum + task.durationMs, 0),
      longTasks: tasks.length,
      blockCommits: blocks.length,
      blockLongestTaskMs: blocks.length > 0 ? Math.max(...blocks) : Number.NaN,
      tableCommits: table.length,
      tableLongestTaskMs: table.length > 0 ? Math.max(...table) : Number.NaN,
    };
  } finally {
    watcher.disconnect();
  }
}

/**
 * "Mounted" = the first painted frame in which every field (the N top-level fields, the table and
 * each of its cells) is present or reachable, counted from navigation start: its FormItem is in the
 * DOM, or it belongs to one of the engine's pending blocks, which mounts it when scrolled to
 * (issue 16's definition). Raw Formily has no pending blocks, so for it this is "every FormItem in the
 * DOM", as before the engine mounted long forms block by block.
 *
 * A pending block states how many FormItems it will hold (data-kc-controls); the bench then checks
 * the claim: after typing, the block around the typed field is mounted and the DOM count must have
 * grown by what its placeholder promised (see measure-sample.ts's checks). `pendingBlocks` is
 * reported, so a figure with blocks left pending is never mistaken for a whole form in the DOM.
 */
import type { MountReport } from '../bench-protocol';
import { countFields, countPendingBlocks, countReachableFields } from './bench-dom';
import { flushLongTasks, longTasksBetween } from './long-task-watch';
import { nextPaintAfter } from './paint-timing';

const MOUNT_TIMEOUT_MS = 180_000;

export interface MountWatch {
  markRenderStart: () => void;
  whenMounted: () => Promise<MountReport>;
}

export function watchMount(expectedFields: number): MountWatch {
  let renderStartMs = Number.NaN;
  const first = nextPaintAfter(() => countFields() > 0, MOUNT_TIMEOUT_MS, 'first field');
  const all = nextPaintAfter(
    () => countReachableFields() >= expectedFields,
    MOUNT_TIMEOUT_MS,
    `all ${expectedFields} fields present or reachable`,
  );
  // Awaited by whenMounted; this keeps an early failure from being reported as unhandled meanwhile.
  first.catch(() => undefined);
  all.catch(() => undefined);
  return {
    markRenderStart: () => {
      renderStartMs = performance.now();
    },
    whenMounted: async () => {
      try {
        const [firstFieldMs, mountMs] = await Promise.all([first, all]);
        const fieldCount = countReachableFields();
        const inDom = countFields();
        const pendingBlocks = countPendingBlocks();
        await flushLongTasks();
        return {
          renderStartMs,
          firstFieldMs,
          mountMs,
          fieldCount,
          inDom,
          pendingBlocks,
          expectedFields,
          longestTaskMs: Math.max(0, ...longTasksBetween(0, mountMs).map((task) => task.durationMs)),
        };
      } catch (error) {
        throw new Error(`${(error as Error).message} (${countFields()} of ${expectedFields} fields in the DOM)`, { cause: error });
      }
    },
  };
}

/**
 * "Mounted" = the first painted frame in which every field's FormItem is in the DOM (the N top-level
 * fields, the table and each of its cells), counted from navigation start.
 *
 * The count is of the DOM, not of Formily's field models, because the cost being measured is putting
 * the form on screen. If the engine later mounts progressively, this still says when the whole form
 * is there, and `firstFieldMs` shows what the first screen gained. If it virtualises (fields outside
 * the viewport never in the DOM), this condition is never met and the bench fails with the count it
 * saw: the definition must then be changed on purpose (e.g. to "viewport painted and every field model
 * created"), never drift into measuring something else silently.
 */
import type { MountReport } from '../bench-protocol';
import { countFields } from './bench-dom';
import { nextPaintAfter } from './paint-timing';

const MOUNT_TIMEOUT_MS = 180_000;

export interface MountWatch {
  markRenderStart: () => void;
  whenMounted: () => Promise<MountReport>;
}

export function watchMount(expectedFields: number): MountWatch {
  let renderStartMs = Number.NaN;
  const first = nextPaintAfter(() => countFields() > 0, MOUNT_TIMEOUT_MS, 'first field');
  const all = nextPaintAfter(() => countFields() >= expectedFields, MOUNT_TIMEOUT_MS, `all ${expectedFields} fields`);
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
        return { renderStartMs, firstFieldMs, mountMs, fieldCount: countFields(), expectedFields };
      } catch (error) {
        throw new Error(`${(error as Error).message} (${countFields()} of ${expectedFields} fields in the DOM)`, { cause: error });
      }
    },
  };
}

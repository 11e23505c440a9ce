/** A save that runs `delayMs` after the last change, or now on `flush` (a step change, 保存草稿). */
export interface Debouncer {
  schedule: () => void;
  /** Runs the pending save now (or a save anyway when none is pending) and resolves when it is done. */
  flush: () => Promise<void>;
  cancel: () => void;
  pending: () => boolean;
}

/** About 3 s after the last keystroke: long enough not to save every character, short enough to lose little. */
export const AUTOSAVE_DELAY_MS = 3000;

export function createDebouncer(run: () => Promise<void>, delayMs = AUTOSAVE_DELAY_MS): Debouncer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule: () => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        void run();
      }, delayMs);
    },
    flush: () => {
      cancel();
      return run();
    },
    cancel,
    pending: () => timer !== undefined,
  };
}

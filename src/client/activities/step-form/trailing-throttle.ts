/** Runs at most once per `delayMs`, `delayMs` after the first call of a burst: never on every call, never lost. */
export interface TrailingThrottle {
  schedule: () => void;
  /** Runs now if a run is pending (before a save, when the page is hidden or closed). */
  flush: () => void;
  cancel: () => void;
}

export function createTrailingThrottle(run: () => void, delayMs: number): TrailingThrottle {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule: () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        run();
      }, delayMs);
    },
    flush: () => {
      if (timer === undefined) return;
      cancel();
      run();
    },
    cancel,
  };
}

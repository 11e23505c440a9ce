/**
 * "Painted" as the bench means it: the first animation frame in which a condition holds, and then
 * the task right after that frame (a MessageChannel message posted from the frame's rAF callback runs
 * after the frame's style, layout and paint). The condition is checked once per frame, so a change
 * made between frames is seen by the very frame that draws it.
 */
export function nextPaintAfter(condition: () => boolean, timeoutMs: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    const frame = (): void => {
      if (condition()) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
        return;
      }
      if (performance.now() > deadline) {
        reject(new Error(`${what}: not reached within ${timeoutMs} ms`));
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Resolves after the given time and one more frame, so the next measurement starts on a quiet page. */
export function settle(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), ms));
}

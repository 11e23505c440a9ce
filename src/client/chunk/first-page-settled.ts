/**
 * When the first page a visitor opens has its code and its data: no page chunk and no API call is on
 * the way, and the main thread is idle. The portal frame (ProLayout, its menus and tabs) and the message holders wait for it
 * (issue 33, ADR 0059): on a phone's 1.6 Mbps they are 180 KB that otherwise share
 * the line with the page's own chunk and delay what the visitor came to read by about a second. The
 * light frame stands in their place meanwhile, in the same geometry, so nothing shifts when they come.
 */

/** However slow the page is, the frame comes after this long: its menu is how a visitor goes on. */
export const FIRST_PAGE_WAIT_MS = 6_000;

let inFlight = 0;
const drained = new Set<() => void>();
let settled: Promise<void> | undefined;

/** Counts a load (a page chunk, an API call) from now until the function returned is called, once. */
export function beginPageLoad(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
    if (inFlight === 0) for (const notify of [...drained]) notify();
  };
}

/** Counts a page chunk's load until it settles, so the first page's code goes first on the line. */
export function trackPageChunk<T>(load: Promise<T>): Promise<T> {
  const done = beginPageLoad();
  load.then(done, done);
  return load;
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 50);
}

/**
 * Resolves once, for everyone who asks: after an idle moment with no page chunk or API call on the
 * way (checked again after the idle wait, since rendering a page may start its next chunk or call, as
 * a folder's page starts its list's chunk and then asks for its rows), or after `FIRST_PAGE_WAIT_MS`
 * whatever happens.
 */
export function firstPageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const deadline = setTimeout(finish, FIRST_PAGE_WAIT_MS);
    function finish(): void {
      clearTimeout(deadline);
      drained.delete(check);
      resolve();
    }
    function check(): void {
      drained.delete(check);
      if (inFlight > 0) drained.add(check);
      else whenIdle(() => (inFlight === 0 ? finish() : drained.add(check)));
    }
    // The first check waits for an idle moment: the page's first render, which starts its chunk, comes before it.
    whenIdle(check);
  });
  return settled;
}

/** Tests only: forget the first page, as a new page load would. */
export function resetFirstPageSettled(): void {
  inFlight = 0;
  drained.clear();
  settled = undefined;
}

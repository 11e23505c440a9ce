// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_WAIT_MS, firstPageSettled, resetFirstPageSettled, trackPageChunk } from '../../../src/client/chunk/first-page-settled';

/** A chunk load the test settles by hand. */
function pendingChunk(): { load: Promise<string>; arrive: () => void; fail: () => void } {
  let arrive = (): void => undefined;
  let fail = (): void => undefined;
  const load = new Promise<string>((resolve, reject) => {
    arrive = () => resolve('module');
    fail = () => reject(new Error('chunk failed'));
  });
  return { load, arrive, fail };
}

describe('firstPageSettled: the frame and the message holders wait for the first page’s code (ADR 0059)', () => {
  let settled: boolean;
  const watch = () => {
    settled = false;
    void firstPageSettled().then(() => (settled = true));
  };
  beforeEach(() => {
    resetFirstPageSettled();
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves once the page chunk has arrived and the thread is idle, not while it loads', async () => {
    watch();
    // The page's first render starts its chunk before the first idle moment.
    const page = pendingChunk();
    trackPageChunk(page.load);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(false);
    page.arrive();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
  });

  it('waits for a chunk that the page starts while it was waiting for an idle moment (a folder page’s list)', async () => {
    watch();
    const alias = pendingChunk();
    trackPageChunk(alias.load);
    alias.arrive();
    // Rendering the page that arrived starts its next chunk before the idle callback runs.
    await Promise.resolve();
    await Promise.resolve();
    const list = pendingChunk();
    trackPageChunk(list.load);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false);
    list.arrive();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
  });

  it('counts a chunk that failed as settled: the page shows its load error, and the frame still comes', async () => {
    watch();
    const page = pendingChunk();
    trackPageChunk(page.load).catch(() => undefined);
    page.fail();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
  });

  it('gives up waiting after FIRST_PAGE_WAIT_MS, however slow the page is', async () => {
    watch();
    trackPageChunk(pendingChunk().load);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('is one promise for everyone who asks, so the frame and the holders leave together', () => {
    expect(firstPageSettled()).toBe(firstPageSettled());
  });
});

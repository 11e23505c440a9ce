import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, toChunkLoadError } from '../../../src/client/chunk/chunk-load-error';
import { loadWithTimeout } from '../../../src/client/chunk/load-with-timeout';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../src/shared/constants';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

describe('loadWithTimeout (spec §9: chunk load timeout 120 s)', () => {
  it('uses the spec constant of 120 000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a timeout ChunkLoadError once 120 s pass without the chunk, not a moment before', async () => {
    const outcome = loadWithTimeout(never).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    let settled: unknown;
    void outcome.then((value) => (settled = value));

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();

    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect((settled as ChunkLoadError).kind).toBe('timeout');
  });

  it('resolves with the module when it arrives in time, and leaves no timer behind', async () => {
    const module = { default: 'page' };
    const loaded = loadWithTimeout(() => new Promise((resolve) => setTimeout(() => resolve(module), 119_000)));
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(loaded).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed import on unchanged, before any timeout', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/home-page-x.js');
    await expect(loadWithTimeout(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a loader that throws synchronously into a rejection', async () => {
    const failure = new Error('boom');
    await expect(
      loadWithTimeout(() => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });

  it('honours a custom timeout', async () => {
    const loaded = loadWithTimeout(never, 50);
    const check = expect(loaded).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(50);
    await check;
  });
});

describe('toChunkLoadError', () => {
  it('keeps a timeout and calls anything else a missing module', () => {
    const timeout = new ChunkLoadError('timeout', 'slow');
    expect(toChunkLoadError(timeout)).toBe(timeout);
    const missing = toChunkLoadError(new TypeError('Failed to fetch dynamically imported module'));
    expect(missing.kind).toBe('missing');
    expect(missing.message).toMatch(/^Cannot find module: Failed to fetch dynamically imported module/);
    expect(toChunkLoadError('odd').message).toBe('Cannot find module: odd');
  });
});

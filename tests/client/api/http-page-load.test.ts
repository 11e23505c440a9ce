// @vitest-environment happy-dom
// @vitest-isolate: the first page's state (first-page-settled.ts) is this file's own.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/client/api/http';
import { firstPageSettled } from '../../../src/client/chunk/first-page-settled';

describe('the first page’s API calls hold the portal frame back until answered (ADR 0059)', () => {
  const original = http.defaults.adapter;
  afterAll(() => {
    http.defaults.adapter = original;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('settles only once a call in flight has been answered, a failed one included', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const answers: (() => void)[] = [];
    const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
      new Promise((resolve, reject) => {
        answers.push(() =>
          config.url === '/fails'
            ? reject(Object.assign(new Error('Network Error'), { isAxiosError: true, config }))
            : resolve({
                data: { success: true, code: 0, msg: 'ok', data: 1 },
                status: 200,
                statusText: '',
                headers: {},
                config,
                request: {},
              }),
        );
      });
    http.defaults.adapter = adapter;
    let settled = false;
    void firstPageSettled().then(() => (settled = true));
    const rows = http.get('/rows');
    const broken = http.get('/fails', { silent: true }).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(answers).toHaveLength(2);
    expect(settled).toBe(false);
    answers[0]?.();
    await rows;
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    answers[1]?.();
    expect(await broken).toBe('failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(true);
  });
});

// @vitest-environment happy-dom
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFINITION_TTL_MS, dataProvider } from '../../../src/client/api/data-provider';
import { http } from '../../../src/client/api/http';

describe('dataProvider.getDefinition', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    vi.useRealTimers();
    http.defaults.adapter = original;
  });

  it('reads a definition once while it is fresh, and again once a studio publication may have changed it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let served = 0;
    const adapter: AxiosAdapter = async (config) => {
      served += 1;
      return {
        data: { success: true, code: 0, msg: 'ok', data: { name: 'need', title: `版本${served}` } },
        status: 200,
        statusText: '',
        headers: {},
        config,
        request: {},
      };
    };
    http.defaults.adapter = adapter;
    expect((await dataProvider.getDefinition('need')).title).toBe('版本1');
    expect((await dataProvider.getDefinition('need')).title).toBe('版本1');
    vi.setSystemTime(Date.now() + DEFINITION_TTL_MS);
    expect((await dataProvider.getDefinition('need')).title).toBe('版本2');
    expect(served).toBe(2);
  });
});

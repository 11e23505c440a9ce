// @vitest-environment happy-dom
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/client/api/http';
import { createIdempotencyKeys, randomKey } from '../../../src/client/api/idempotency-keys';

vi.mock('../../../src/client/api/notifier', () => ({ notifyError: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn() }));

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An adapter that answers when `release` is called, recording each call's key. */
function held(keys: (string | undefined)[]): { adapter: AxiosAdapter; release: () => void } {
  const waiting: (() => void)[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    keys.push(config.headers.get('idempotency-key')?.toString());
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { data: { code: 0, data: {} }, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { adapter, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

describe('Idempotency-Key on the client (SECURITY R37)', () => {
  it('makes UUID v4 keys, with or without crypto.randomUUID', () => {
    expect(randomKey()).toMatch(UUID_V4);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(randomKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('shares a key between identical calls in flight, and gives a new one once they are answered', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `k${(n += 1)}`);
    expect(keys.take('a')).toBe('k1');
    expect(keys.take('a')).toBe('k1');
    expect(keys.take('b')).toBe('k2');
    keys.settle('a');
    expect(keys.take('a')).toBe('k1');
    keys.settle('a');
    keys.settle('a');
    expect(keys.take('a')).toBe('k3');
  });

  it('sends one key for a double-clicked submit, a new key for the next submit, none on GET or an upload', async () => {
    const keys: (string | undefined)[] = [];
    const { adapter, release } = held(keys);
    const body = { name: '留言', content: '你好' };
    const both = Promise.all([http.post('/message/add', body, { adapter }), http.post('/message/add', { ...body }, { adapter })]);
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    release();
    await both;
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toBe(keys[0]);
    const next = http.post('/message/add', body, { adapter });
    await vi.waitFor(() => expect(keys).toHaveLength(3));
    release();
    await next;
    expect(keys[2]).toMatch(UUID_V4);
    expect(keys[2]).not.toBe(keys[0]);
    const read = http.get('/message/list', { adapter });
    const upload = http.post('/files/upload', new FormData(), { adapter });
    await vi.waitFor(() => expect(keys).toHaveLength(5));
    release();
    await Promise.all([read, upload]);
    expect(keys.slice(3)).toEqual([undefined, undefined]);
  });
});

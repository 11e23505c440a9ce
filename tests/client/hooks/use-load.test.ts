// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from '../../../src/client/hooks/use-load';

describe('useLoad', () => {
  it('gives the value of the current key only, and retries after a failure', async () => {
    let calls = 0;
    const load = async (): Promise<string> => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return `value ${calls}`;
    };
    const { result } = renderHook(() => useLoad(load, 'a'));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.value).toBeUndefined();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.value).toBe('value 2'));
    expect(result.current.failed).toBe(false);
  });

  it("never shows an older key's value for a newer key", async () => {
    const resolvers = new Map<string, (value: string) => void>();
    const { result, rerender } = renderHook(
      ({ key }) => useLoad(() => new Promise<string>((resolve) => resolvers.set(key, resolve)), key),
      { initialProps: { key: 'need' } },
    );
    rerender({ key: 'invite' });
    act(() => resolvers.get('need')?.('need definition'));
    expect(result.current.value).toBeUndefined();
    act(() => resolvers.get('invite')?.('invite definition'));
    await waitFor(() => expect(result.current.value).toBe('invite definition'));
  });
});

// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrefersReducedMotion } from '../../../src/client/hooks/use-prefers-reduced-motion';

/** A system setting that can change while the page is open, as a person switches it in their OS. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    expect(query).toBe('(prefers-reduced-motion: reduce)');
    return list;
  }) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    listeners,
    restore: () => void (window.matchMedia = original),
  };
}

describe('usePrefersReducedMotion (WCAG 2.3.3)', () => {
  let restore = () => undefined as void;
  afterEach(() => {
    cleanup();
    restore();
  });

  it('follows the system setting, and a change of it while the page is open', () => {
    const setting = systemSetting(true);
    restore = setting.restore;
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.change(false));
    expect(result.current).toBe(false);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('is false where the browser cannot tell', () => {
    const original = window.matchMedia;
    restore = () => void (window.matchMedia = original);
    // @ts-expect-error: a browser without matchMedia
    window.matchMedia = undefined;
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
  });
});

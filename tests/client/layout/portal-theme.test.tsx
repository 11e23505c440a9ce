// @vitest-environment happy-dom
import { act, render, renderHook, screen } from '@testing-library/react';
import { Modal } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from '../../../src/client/hooks/use-prefers-reduced-motion';
import { PortalTheme } from '../../../src/client/layout/portal-theme';

/** A matchMedia whose reduced-motion answer the test sets and changes. */
function stubMatchMedia(reduce: boolean): (next: boolean) => void {
  const listeners = new Set<() => void>();
  let matches = reduce;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' ? matches : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('usePrefersReducedMotion', () => {
  it("follows the system's reduced-motion setting, also when it changes", () => {
    const change = stubMatchMedia(false);
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => change(true));
    expect(result.current).toBe(true);
  });
});

describe('PortalTheme', () => {
  /** The dialog's classes a moment after it opens: long enough for a skipped motion to end, not for a real one. */
  const dialogClassesSoonAfterOpening = async (reduce: boolean): Promise<string> => {
    stubMatchMedia(reduce);
    const { unmount } = render(
      <PortalTheme locale={zhCN}>
        <Modal open title="撤回">
          确定执行“撤回”吗？
        </Modal>
      </PortalTheme>,
    );
    const dialog = await screen.findByRole('dialog');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const classes = dialog.className;
    unmount();
    return classes;
  };

  it('opens a dialog at once when the system asks for less motion, and zooms it in otherwise', async () => {
    expect(await dialogClassesSoonAfterOpening(false)).toMatch(/ant-zoom-appear/);
    expect(await dialogClassesSoonAfterOpening(true)).not.toMatch(/ant-zoom/);
  });
});

import { useEffect, useState } from 'react';

/** Below this scroll position the header always shows (ant-design-pro's auto-hide rule). */
export const AUTO_HIDE_OFFSET = 300;

/** Whether a header set to auto-hide is hidden after a scroll from `previous` to `next`. */
export function headerHiddenAfterScroll(previous: number, next: number, wasHidden: boolean): boolean {
  if (next <= AUTO_HIDE_OFFSET) return false;
  if (next > previous) return true;
  if (next < previous) return false;
  return wasHidden;
}

/** The auto-hide header setting: hidden while scrolling down past 300 px, shown on scrolling up. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = (): void => {
      const next = window.scrollY;
      setHidden((wasHidden) => headerHiddenAfterScroll(last, next, wasHidden));
      last = next;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);

  return enabled && hidden;
}

import { useSyncExternalStore } from 'react';

// antd's `md` breakpoint: below it the spec's "mobile" layout applies.
const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const isMobileNow = (): boolean => window.matchMedia(MOBILE_QUERY).matches;

/** True on a narrow (phone) viewport; correct from the first render, unlike Grid.useBreakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}

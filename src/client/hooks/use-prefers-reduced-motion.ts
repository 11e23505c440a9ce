import { useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const prefersReducedMotionNow = (): boolean => window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** True when the visitor's system asks for less motion (WCAG 2.3.3); follows a change while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotionNow, () => false);
}

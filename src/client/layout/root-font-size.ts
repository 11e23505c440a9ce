import { useEffect } from 'react';
import './root-font-size.css';

/** Spec §9: the root font size scales with the viewport up to 750 px wide, where 1rem = 100px. */
export const DESIGN_WIDTH = 750;

/** The root font size in px for a viewport width: width / 7.5, capped at 100 from 750 px up. */
export function rootFontSize(viewportWidth: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), DESIGN_WIDTH);
  return (width / DESIGN_WIDTH) * 100;
}

function apply(): void {
  const root = document.documentElement;
  root.style.fontSize = `${rootFontSize(root.clientWidth || window.innerWidth)}px`;
}

/**
 * Keeps the root font size in step with the viewport, for the mobile pages' rem units. The
 * desktop pages are unaffected: antd sizes everything in px, and layout-shell.css gives body its
 * own 14px so plain text does not inherit the 100px root.
 */
export function useRootFontSize(): void {
  useEffect(() => {
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

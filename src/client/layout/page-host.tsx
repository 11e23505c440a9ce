import { useLayoutEffect, useRef } from 'react';
import './page-host.css';

/**
 * The place in a frame where the page shows. The page itself is rendered once, through a portal,
 * into `host` (portal-frame.tsx); a frame only lends it a spot in the document, so swapping the
 * light frame for the full one moves the page's elements instead of mounting the page again.
 */
export function PageHost({ host, className }: { host: HTMLElement; className?: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const parent = slot.current;
    if (!parent) return undefined;
    parent.appendChild(host);
    return () => {
      if (host.parentNode === parent) parent.removeChild(host);
    };
  }, [host]);
  return <div ref={slot} className={className} />;
}

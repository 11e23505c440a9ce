import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import type { ShownRows, WindowRowsOptions } from './shown-rows';

/** How many columns a CSS grid resolves to (its computed template lists one size per column). */
function columnsOf(element: Element): number {
  const template = getComputedStyle(element).gridTemplateColumns;
  if (!template || template === 'none' || template.includes('(')) return 1;
  return Math.max(1, template.trim().split(/\s+/).length);
}

/**
 * A long list in the page's own scroll, drawn with only the rows in and near the view (@tanstack/react-virtual's
 * window virtualizer; a chunk of its own, which LongList loads only for a long page). The drawn items stay in the
 * list's own element, in order, between two paddings, so its semantics (ul / li, links, the Tab order) are the
 * plain list's; the rows before and after come into the DOM as the page scrolls, and a link's focus scrolls it
 * into view, which brings in the next rows before the next Tab.
 */
export function WindowRows({
  listRef,
  options: { count, estimate, gap, grid = false, measure },
  children,
}: {
  listRef: RefObject<HTMLElement>;
  options: WindowRowsOptions;
  children: (shown: ShownRows) => ReactNode;
}) {
  // Where the list starts in the page, and its columns: read after layout, kept only when they change.
  const [scrollMargin, setScrollMargin] = useState(0);
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return undefined;
    const read = (): void => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((current) => (current === top ? current : top));
      if (grid) setColumns(columnsOf(element));
    };
    read();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(read);
    observer?.observe(element);
    return () => observer?.disconnect();
  });
  const perRow = grid ? columns : 1;
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(count / perRow),
    estimateSize: () => estimate,
    overscan: 3,
    gap,
    scrollMargin,
    ...(measure ? { measureElement: (element: Element) => measure(element) } : {}),
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const shown: ShownRows =
    first && last
      ? {
          virtual: true,
          from: first.index * perRow,
          to: Math.min(count, (last.index + 1) * perRow),
          columns: perRow,
          style: {
            paddingTop: first.start - scrollMargin,
            paddingBottom: Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)),
          },
          measureRef: virtualizer.measureElement,
        }
      : {
          virtual: true,
          from: 0,
          to: 0,
          columns: perRow,
          style: { paddingBottom: virtualizer.getTotalSize() },
          measureRef: virtualizer.measureElement,
        };
  return <>{children(shown)}</>;
}

import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import type { ShownRows, WindowRowsOptions } from './shown-rows';

/** How many columns a CSS grid resolves to (its computed template lists one size per column). */
function columnsOf(element: Element): number {
  const template = getComputedStyle(element).gridTemplateColumns;
  if (!template || template === 'none' || template.includes('(')) return 1;
  return Math.max(1, template.trim().split(/\s+/).length);
}

/** How far past the focused row the window reaches, so that the next Tab (or Shift+Tab) finds its item drawn. */
const AHEAD_OF_FOCUS = 2;
/** A focus further than this from the rows in view (the page scrolled away from it) does not stretch the window. */
const FOCUS_REACH = 10;

/**
 * The rows to draw: those in view with their overscan, stretched to the focused row and two on each side. Tab
 * moves the focus before the page's scroll has told the virtualizer, and a row not yet drawn would be skipped.
 */
function withFocus(range: Range, focusedRow: number | undefined): number[] {
  if (focusedRow === undefined || focusedRow < range.startIndex - FOCUS_REACH || focusedRow > range.endIndex + FOCUS_REACH)
    return defaultRangeExtractor(range);
  return defaultRangeExtractor({
    ...range,
    startIndex: Math.max(0, Math.min(range.startIndex, focusedRow - AHEAD_OF_FOCUS)),
    endIndex: Math.min(range.count - 1, Math.max(range.endIndex, focusedRow + AHEAD_OF_FOCUS)),
  });
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
  const [focusedItem, setFocusedItem] = useState<number>();
  const read = (): void => {
    const element = listRef.current;
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    setScrollMargin((current) => (current === top ? current : top));
    if (grid) {
      const next = columnsOf(element);
      setColumns((current) => (current === next ? current : next));
    }
  };
  // After every render (what is above the list may have grown: the facets, the total), and when the list's
  // width changes (a grid's columns).
  useLayoutEffect(read);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => read());
    observer.observe(element);
    return () => observer.disconnect();
    // read reads only the ref and setters; the observer is made once.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [listRef]);
  // Which item holds the focus (each drawn item carries data-item, its index in the page).
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return undefined;
    const onFocus = (event: FocusEvent): void => {
      const item = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-item]') : null;
      const index = Number(item?.dataset['item']);
      setFocusedItem(Number.isInteger(index) ? index : undefined);
    };
    element.addEventListener('focusin', onFocus);
    return () => element.removeEventListener('focusin', onFocus);
  }, [listRef]);
  const perRow = grid ? columns : 1;
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(count / perRow),
    estimateSize: () => estimate,
    overscan: 3,
    gap,
    scrollMargin,
    rangeExtractor: (range) => withFocus(range, focusedItem === undefined ? undefined : Math.floor(focusedItem / perRow)),
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

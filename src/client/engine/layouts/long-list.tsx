import { Suspense, type ReactNode, type RefObject } from 'react';
import { lazyWithTimeout } from '../../chunk/lazy-with-timeout';
import { VIRTUAL_ROWS_ABOVE } from '../virtual-rows-above';
import { allRows, type ShownRows, type WindowRowsOptions } from './shown-rows';
import type { WindowRows as WindowRowsType } from './window-rows';

// The virtualizer (≈ 11 KB brotli) loads only for a page longer than the threshold: the usual public page,
// 10–20 items, draws them all and never downloads it.
const WindowRows = lazyWithTimeout<Parameters<typeof WindowRowsType>[0]>(() =>
  import('./window-rows').then((module) => ({ default: module.WindowRows })),
);

/** While the virtualizer loads, the first screenfuls, drawn plainly. */
const FIRST_ITEMS = 12;

/**
 * A public layout's items (issue 33 item 4, ADR 0058): all of them on a usual page; on a page holding more than
 * VIRTUAL_ROWS_ABOVE, only those in and near the view, the page's own scroll bringing in the others.
 */
export function LongList({
  listRef,
  options,
  children,
}: {
  listRef: RefObject<HTMLElement>;
  options: WindowRowsOptions;
  children: (shown: ShownRows) => ReactNode;
}) {
  if (options.count <= VIRTUAL_ROWS_ABOVE) return <>{children(allRows(options.count))}</>;
  return (
    <Suspense fallback={children(allRows(Math.min(options.count, FIRST_ITEMS)))}>
      <WindowRows listRef={listRef} options={options}>
        {children}
      </WindowRows>
    </Suspense>
  );
}

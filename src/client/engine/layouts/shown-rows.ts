import type { CSSProperties } from 'react';

export interface WindowRowsOptions {
  /** How many items the page holds. */
  count: number;
  /** An item's (a grid row's) height before it is measured, in px. */
  estimate: number;
  /** The space between two rows, in px (the list's CSS gap). */
  gap: number;
  /** A CSS grid of cards: a row holds as many items as the grid has columns at its width. */
  grid?: boolean;
  /** An item's height as the window counts it (the agenda adds the month heading above an item). */
  measure?: (element: Element) => number;
}

/** Which of a list's items to draw, and how. */
export interface ShownRows {
  /** False for a usual page: every item is drawn, as before, with nothing added to the DOM. */
  virtual: boolean;
  /** The items to draw, [from, to). */
  from: number;
  to: number;
  /** Items per row (1 unless a grid). */
  columns: number;
  /** The list's padding that stands for the rows above and below the ones drawn. */
  style: CSSProperties | undefined;
  /**
   * Given to the first element of each drawn row, with data-index set to its row; every drawn item carries
   * data-item, its index in the page (the window follows the focus by it).
   */
  measureRef: (element: Element | null) => void;
}

/** Every item of a list, drawn as a plain list draws them. */
export const allRows = (count: number): ShownRows => ({
  virtual: false,
  from: 0,
  to: count,
  columns: 1,
  style: undefined,
  measureRef: () => undefined,
});

import { VIRTUAL_ROWS_ABOVE } from './virtual-rows-above';

/** The table body's height when it is virtual: most of a screen, never less than a few rows. */
const bodyHeight = (): number => Math.max(320, Math.round(window.innerHeight * 0.7));

/**
 * antd's Table `scroll` for a page of `rows` rows: a fixed body height, which antd's `virtual` needs to know
 * what is in view, when the page is long; undefined (today's plain table, its DOM unchanged) otherwise.
 */
export function virtualTableScroll(rows: number): { y: number } | undefined {
  return rows > VIRTUAL_ROWS_ABOVE ? { y: bodyHeight() } : undefined;
}

/**
 * Above this many rows (or cards) on one page a list renders only what is in view (issue 33 item 4, ADR
 * 0058). A usual page (the default 10, a list file's 20) stays under it and keeps its plain DOM: every row
 * is there for find-in-page, printing and the tests that read rows.
 */
export const VIRTUAL_ROWS_ABOVE = 50;

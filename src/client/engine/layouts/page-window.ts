/** A page number to show, or a gap ('…') standing for the numbers left out between two of them. */
export type PageSlot = number | 'gap';

/**
 * Which page numbers a pager shows: the first and the last, and the current one with `around` on
 * each side; a gap where numbers are left out (only where it hides two or more: a gap for one number
 * would take the room of the number itself). The shape antd's Pagination draws, in a few lines.
 */
export function pageWindow(current: number, last: number, around = 1): PageSlot[] {
  const shown = new Set<number>([1, last]);
  for (let page = current - around; page <= current + around; page += 1) if (page >= 1 && page <= last) shown.add(page);
  const sorted = [...shown].filter((page) => page >= 1).sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const page of sorted) {
    const previous = slots.at(-1);
    if (typeof previous === 'number' && page - previous === 2) slots.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) slots.push('gap');
    slots.push(page);
  }
  return slots;
}

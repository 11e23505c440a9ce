import type { ListFilter } from './list-fields';

/** A list's filter values as its request carries them, each in its schema type. */
export type ListFilterValues = Record<string, string | number | boolean>;

/** The page number a list's address holds (?pageNo=2): 1 when none or broken. */
export function pageNoOf(params: URLSearchParams): number {
  const value = Number(params.get('pageNo'));
  return Number.isInteger(value) && value >= 1 && value <= 100000 ? value : 1;
}

/**
 * A list's filters from its address (?kind=incubator&name=创新), each in its schema type; values the
 * request schema would refuse (a number that is not one, a boolean that is not true/false) are left out,
 * so an edited address narrows nothing rather than failing.
 */
export function filtersOf(params: URLSearchParams, filters: readonly ListFilter[]): ListFilterValues {
  const values: ListFilterValues = {};
  for (const filter of filters) {
    const raw = params.get(filter.field)?.trim();
    if (!raw) continue;
    if (filter.type === 'boolean') {
      if (raw === 'true' || raw === 'false') values[filter.field] = raw === 'true';
    } else if (filter.type === 'number' || filter.type === 'integer') {
      const number = Number(raw);
      if (Number.isFinite(number)) values[filter.field] = number;
    } else if (filter.match === 'month') {
      if (/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(raw)) values[filter.field] = raw;
    } else {
      values[filter.field] = raw.slice(0, 100);
    }
  }
  return values;
}

/**
 * The request a public list (a list file with a `layout`) sends for the page its address shows: the
 * page number and filters from the address, the list's page size. One function for the list itself and
 * for the server that sends that page with the first screen (ADR 0059), so the two are the same request.
 */
export function publicListRequest(params: URLSearchParams, filters: readonly ListFilter[], pageSize: number): Record<string, unknown> {
  return { pageNo: pageNoOf(params), ...filtersOf(params, filters), pageSize };
}

// The address's page and filters are read by the server too, for the first screen (ADR 0059).
export { filtersOf, pageNoOf, type ListFilterValues } from '../../../shared/resource/list-query';

/** The address after one filter changed: that filter set (or removed when empty), back to the first page. */
export function withFilter(params: URLSearchParams, field: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(field);
  else next.set(field, value);
  next.delete('pageNo');
  return next;
}

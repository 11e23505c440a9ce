import type { ListFilter } from '../../shared/resource/list-fields';

export type FilterValues = Record<string, string | number | boolean>;

/**
 * The filter form's values as the list request carries them: each in its filter's schema type, blanks
 * left out. A value outside a filter's options (a state the list does not have) is left out too, so
 * that an address cannot make the request one the server refuses.
 */
export function typedFilterValues(values: Readonly<Record<string, unknown>>, filters: readonly ListFilter[]): FilterValues {
  const typed: FilterValues = {};
  for (const filter of filters) {
    const value = values[filter.field];
    if (value === undefined || value === null || value === '') continue;
    let converted: string | number | boolean;
    if (filter.type === 'boolean') converted = value === 'true' || value === true;
    else if (filter.type === 'number' || filter.type === 'integer') converted = Number(value);
    else if (typeof value === 'string') converted = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') converted = value;
    else continue;
    if (typeof converted === 'number' && !Number.isFinite(converted)) continue;
    if (filter.options && !filter.options.some((option) => option === converted)) continue;
    typed[filter.field] = converted;
  }
  return typed;
}

/**
 * The filters a list page's address names (`?status=submitted`, as the workbench links), typed as the
 * form types them; parameters that are no filter of the list are ignored.
 */
export function addressFilterValues(search: string, filters: readonly ListFilter[]): FilterValues {
  return typedFilterValues(Object.fromEntries(new URLSearchParams(search)), filters);
}

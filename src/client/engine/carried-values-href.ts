import type { ResourcePages } from '../../shared/generated/resource-pages';
import { fillRowHref } from '../../shared/resource/resource-links';

type CarriedValue = NonNullable<NonNullable<ResourcePages['pages'][number]['links']>[number]['values']>[number];

/** The address parameter naming the carried fields shown read-only; a field name starts with a letter, so it is never one. */
export const FIXED_PARAM = '_fixed';

/**
 * A detail page's link with the values it carries into the form it opens (resource.json link values),
 * in the address, so that a reload or a copied link keeps them: each from the record's field (id or a
 * field of its data) or a constant, and `_fixed` listing those the form shows read-only. A value the
 * record does not have (an empty field) is left out rather than sent empty.
 */
export function carriedValuesHref(
  href: string,
  values: readonly CarriedValue[] | undefined,
  record: { id: string; data: Record<string, unknown> },
): string {
  const filled = fillRowHref(href, record);
  if (!values || values.length === 0) return filled;
  const [path = '', query = ''] = filled.split('?');
  const params = new URLSearchParams(query);
  const fixed: string[] = [];
  for (const carried of values) {
    const value = carried.field === undefined ? carried.value : carried.field === 'id' ? record.id : record.data[carried.field];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    params.set(carried.name, String(value));
    if (carried.fixed) fixed.push(carried.name);
  }
  if (fixed.length > 0) params.set(FIXED_PARAM, fixed.join(','));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

import type { ResourcePages } from '../../shared/generated/resource-pages';
import type { ResourceListFile } from '../../shared/generated/resource-list-file';
import { resourceNewHref } from '../../shared/resource/resource-links';

/**
 * Where a list's 新建 leads: the folder's form page (resource.json pages, page new) whose fixed values
 * are exactly what the list's where asks (我的贷款, applyType loan → /home/financing/financial_supermarket_apply),
 * so that what is made there shows in the list; the generic form when the folder has no such page.
 */
export function createHrefOf(resource: string, where: ResourceListFile['where'], pages: ResourcePages['pages'] | undefined): string {
  const asked = Object.entries(where ?? {}).filter(([, value]) => value !== undefined);
  const page = (pages ?? []).find((candidate) => {
    if (candidate.resource !== resource || candidate.page !== 'new') return false;
    const values = candidate.values ?? {};
    return Object.keys(values).length === asked.length && asked.every(([field, value]) => values[field] === value);
  });
  return page?.path ?? resourceNewHref(resource);
}

/** The browser's pages of a resource folder (ADR 0010): one list page per list file, a form and a detail. */
export const RESOURCE_PAGE_BASE = '/resources';

export function resourceListHref(resource: string, list: string): string {
  return `${RESOURCE_PAGE_BASE}/${encodeURIComponent(resource)}/lists/${encodeURIComponent(list)}`;
}

export function resourceDetailHref(resource: string, id: string): string {
  return `${RESOURCE_PAGE_BASE}/${encodeURIComponent(resource)}/detail?id=${encodeURIComponent(id)}`;
}

export function resourceNewHref(resource: string): string {
  return `${RESOURCE_PAGE_BASE}/${encodeURIComponent(resource)}/new`;
}

export function resourceEditHref(resource: string, id: string): string {
  return `${RESOURCE_PAGE_BASE}/${encodeURIComponent(resource)}/edit?id=${encodeURIComponent(id)}`;
}

/** The API path of one of a resource's generic routes: create, update, delete, detail, definition, lists/<list>, transitions/<name>. */
export function resourceApiPath(resource: string, action: string): string {
  return `/resources/${encodeURIComponent(resource)}/${action}`;
}

/** A list file's link (`links.detail.href`) for one row: each {field} is the row's id or a value of its data. */
export function fillRowHref(href: string, row: { id: string; data: Record<string, unknown> }): string {
  return href.replace(/\{([^}]*)\}/g, (_, field: string) => {
    const value = field === 'id' ? row.id : row.data[field];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  });
}

import type { SearchQuery } from '../generated/search-query';

/** Hits on a page of /search. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * The search a /search address asks for (?keyword=&source=&page=), or none without a keyword: one
 * function for the page and for the server that sends its first answer with it (ADR 0059).
 */
export function searchQueryOf(params: URLSearchParams): SearchQuery | undefined {
  const keyword = (params.get('keyword') ?? '').trim();
  if (!keyword) return undefined;
  const source = params.get('source') ?? '';
  const pageNo = Math.min(100, Math.max(1, Number(params.get('page') ?? '1') || 1));
  return { keyword, pageNo: String(pageNo), pageSize: String(SEARCH_PAGE_SIZE), ...(source ? { source } : {}) };
}

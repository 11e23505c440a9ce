import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { HotSearch } from '../../shared/generated/hot-search';
import type { SearchPage } from '../../shared/generated/search-page';
import type { SearchQuery } from '../../shared/generated/search-query';
import { http } from '../api/http';

// The pages show their own failed state with a retry, so the client's error notice stays quiet.
const quiet = { silent: true } as const;

/** The portal search (spec §6: sent without the bearer token; the HTTP client leaves it off). */
export async function searchPortal(query: SearchQuery): Promise<SearchPage> {
  const response = await http.get<ApiEnvelope<SearchPage>>(ENDPOINTS.search, { params: query, ...quiet });
  return response.data.data ?? { total: 0, records: [], words: [], sources: [] };
}

export async function fetchHotSearches(): Promise<HotSearch[]> {
  const response = await http.get<ApiEnvelope<HotSearch[]>>(ENDPOINTS.hotSearch, quiet);
  return response.data.data ?? [];
}

/** The search page's address for a keyword. */
export function searchHref(keyword: string): string {
  return `/search?${new URLSearchParams({ keyword }).toString()}`;
}

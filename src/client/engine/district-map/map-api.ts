import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { ListSummaryEntry } from '../../../shared/generated/list-summary-entry';
import { resourceApiPath } from '../../../shared/resource/resource-links';
import { http } from '../../api/http';
import type { DistrictGeo } from './district-map';

// The page shows its own failed state with a retry.
const quiet = { silent: true } as const;

/** A district map of schemas/maps, from the portal itself (no request leaves its origin). */
export async function fetchMap(name: string): Promise<DistrictGeo> {
  const response = await http.get<ApiEnvelope<DistrictGeo>>(`/maps/${encodeURIComponent(name)}`, quiet);
  if (!response.data.data) throw new Error(`map ${name} answered without data`);
  return response.data.data;
}

/** A list's records counted by its summary field (list file summary, by value). */
export async function fetchTotals(resource: string, list: string): Promise<Map<string, number>> {
  const response = await http.post<ApiEnvelope<ListSummaryEntry[]>>(resourceApiPath(resource, `lists/${list}/summary`), {}, quiet);
  return new Map((response.data.data ?? []).map((entry) => [entry.key, entry.count]));
}

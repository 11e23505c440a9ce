import type { ApiEnvelope } from '../../shared/api/envelope';
import type { UnmaskedFields } from '../../shared/generated/unmasked-fields';
import { resourceApiPath } from '../../shared/resource/resource-links';
import { http } from '../api/http';

/** A record's masked fields (x-mask) in full; the server audits every call (SECURITY R35). The caller shows failures. */
export async function fetchUnmaskedFields(resource: string, id: string): Promise<Record<string, string>> {
  const response = await http.get<ApiEnvelope<UnmaskedFields>>(resourceApiPath(resource, `records/${encodeURIComponent(id)}/unmasked`), {
    silent: true,
  });
  return Object.fromEntries(
    Object.entries(response.data.data?.fields ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

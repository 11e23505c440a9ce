import type { ApiEnvelope } from '../../shared/api/envelope';
import type { UnmaskedFields } from '../../shared/generated/unmasked-fields';
import { resourceApiPath } from '../../shared/resource/resource-links';
import { http } from '../api/http';

/** A record's masked values in full: its x-mask fields, and its tables' x-mask columns row by row (ADR 0065). */
export interface UnmaskedValues {
  fields: Record<string, string>;
  tables: Record<string, Record<string, string>[]>;
}

const strings = (values: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** A record's masked fields (x-mask) in full; the server audits every call (SECURITY R35). The caller shows failures. */
export async function fetchUnmaskedFields(resource: string, id: string): Promise<UnmaskedValues> {
  const response = await http.get<ApiEnvelope<UnmaskedFields>>(resourceApiPath(resource, `records/${encodeURIComponent(id)}/unmasked`), {
    silent: true,
  });
  const answer = response.data.data;
  return {
    fields: strings(answer?.fields ?? {}),
    tables: Object.fromEntries(Object.entries(answer?.tables ?? {}).map(([table, rows]) => [table, (rows ?? []).map(strings)])),
  };
}

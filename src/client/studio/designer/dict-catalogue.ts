import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { DictFile } from '../../../shared/generated/dict-file';
import { http } from '../../api/http';

/** A dictionary as the designer offers it: its code, its name, its items, and whether it is retired (not offered for a new field, ADR 0055). */
export type DictCatalogueEntry = Pick<DictFile, 'code' | 'name' | 'items' | 'retired'>;

let pending: Promise<DictCatalogueEntry[]> | undefined;

/** Forgets the loaded dictionaries: after a dictionary is created or published, the designer offers what is live now (ADR 0046). */
export function forgetDictCatalogue(): void {
  pending = undefined;
}

/** Every dictionary with its items (the public dict/list call), once per page life; a failure is tried again next time. */
export function loadDictCatalogue(): Promise<DictCatalogueEntry[]> {
  if (!pending) {
    pending = http.get<ApiEnvelope<DictCatalogueEntry[]>>(ENDPOINTS.dictList).then((response) => response.data.data ?? []);
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

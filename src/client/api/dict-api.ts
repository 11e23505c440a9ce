import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { DictFile } from '../../shared/generated/dict-file';
import type { Locale } from '../../shared/i18n/locale';
import type { DictOption } from '../engine/dict-option';
import { http } from './http';

/** One dictionary entry as the API returns it. */
type DictEntry = DictFile['items'][number];

/** A dictionary's options (spec §7 queryDictByCode): the key is the value, the label follows the locale. */
export async function fetchDictOptions(code: string, locale: Locale): Promise<DictOption[]> {
  const response = await http.get<ApiEnvelope<DictEntry[]>>(ENDPOINTS.dictByCode, { params: { code } });
  return (response.data.data ?? []).map((entry) => ({
    value: entry.dictKey,
    label: locale === 'en-US' && entry.dictValueEn ? entry.dictValueEn : entry.dictValue,
    // A retired item (ADR 0046) keeps its label for stored values and is shown greyed out, not chosen anew.
    ...(entry.retired ? { disabled: true } : {}),
  }));
}

// Dictionaries change rarely; one load per page life and locale is enough. Failures are not kept,
// so the next form or navigation that needs the dictionary tries again.
const cache = new Map<string, Promise<DictOption[]>>();

/** A dictionary's options, fetched once per page life and locale. */
export function loadDictOptions(code: string, locale: Locale): Promise<DictOption[]> {
  const key = `${locale}\u0000${code}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchDictOptions(code, locale);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forgets every dictionary loaded: the studio calls it after publishing one, so this page's next form reads the new items (ADR 0046). */
export function forgetDictOptions(): void {
  cache.clear();
}

/** A dictionary already asked for in this page life and locale, or undefined. */
export function cachedDictOptions(code: string, locale: Locale): Promise<DictOption[]> | undefined {
  return cache.get(`${locale}\u0000${code}`);
}

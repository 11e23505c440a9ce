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
  return toDictOptions(response.data.data ?? [], locale);
}

function toDictOptions(entries: readonly DictEntry[], locale: Locale): DictOption[] {
  return entries.map((entry) => ({
    value: entry.dictKey,
    label: locale === 'en-US' && entry.dictValueEn ? entry.dictValueEn : entry.dictValue,
    // A retired item (ADR 0046) keeps its label for stored values and is shown greyed out, not chosen anew.
    ...(entry.retired ? { disabled: true } : {}),
  }));
}

// Dictionaries change rarely; one load per page life and locale is enough. Failures are not kept,
// so the next form or navigation that needs the dictionary tries again.
const cache = new Map<string, Promise<DictOption[]>>();
// The options of those that have arrived, readable at once: a page's first render draws them without
// waiting a microtask, so its facets and selects do not grow a frame later (issue 33: layout shift).
const arrived = new Map<string, DictOption[]>();
const cacheKey = (code: string, locale: Locale): string => `${locale}\u0000${code}`;

/** A dictionary's options, fetched once per page life and locale. */
export function loadDictOptions(code: string, locale: Locale): Promise<DictOption[]> {
  const key = cacheKey(code, locale);
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchDictOptions(code, locale);
    pending.then(
      (options) => cache.get(key) === pending && arrived.set(key, options),
      () => cache.delete(key),
    );
    cache.set(key, pending);
  }
  return pending;
}

/** A dictionary's entries the page arrived with (ADR 0059), kept as if they had just been loaded. */
export function seedDictEntries(code: string, locale: Locale, entries: readonly DictEntry[]): void {
  const key = cacheKey(code, locale);
  if (cache.has(key)) return;
  const options = toDictOptions(entries, locale);
  cache.set(key, Promise.resolve(options));
  arrived.set(key, options);
}

/** A dictionary's options when they have arrived in this page life and locale, else undefined. */
export function arrivedDictOptions(code: string, locale: Locale): DictOption[] | undefined {
  return arrived.get(cacheKey(code, locale));
}

/** Forgets every dictionary loaded: the studio calls it after publishing one, so this page's next form reads the new items (ADR 0046). */
export function forgetDictOptions(): void {
  cache.clear();
  arrived.clear();
}

/** A dictionary already asked for in this page life and locale, or undefined. */
export function cachedDictOptions(code: string, locale: Locale): Promise<DictOption[]> | undefined {
  return cache.get(cacheKey(code, locale));
}

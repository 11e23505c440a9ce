import { MESSAGE_TYPE_DICT } from '../../shared/constants';
import type { Locale } from '../../shared/i18n/locale';
import { cachedDictOptions, loadDictOptions } from '../api/dict-api';
import type { DictOption } from '../engine/dict-option';

/** The dictionaries the session holds after loading (spec §3 "Dictionary list"). */
const SESSION_DICTS = [MESSAGE_TYPE_DICT] as const;

/**
 * Spec §4: when no unit is chosen for this session, the dictionaries are fetched and navigation
 * proceeds. Once per page life and locale; a failed load (already notified by the HTTP client) is
 * forgotten so that the next navigation tries again.
 */
export function loadSessionDictionaries(locale: Locale): Promise<void> {
  return Promise.all(SESSION_DICTS.map((code) => loadDictOptions(code, locale).catch(() => []))).then(() => undefined);
}

export function sessionDictionary(code: string, locale: Locale): Promise<DictOption[]> | undefined {
  return cachedDictOptions(code, locale);
}

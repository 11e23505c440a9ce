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
  }));
}

import type { JsonSchema } from '../../../shared/schema/json-schema';
import { setKeyword } from './schema-edits';

type LocaleKey = 'title' | 'description';

/** A field's English text (x-locale en-US), or ''. */
export const englishText = (field: JsonSchema, key: LocaleKey): string => field['x-locale']?.['en-US']?.[key] ?? '';

/** Sets a field's English text; an empty one is removed, and so is an x-locale left with nothing in it. */
export function setEnglishText(field: JsonSchema, key: LocaleKey, value: string): void {
  const locale = { ...(field['x-locale'] ?? {}) };
  const english: Record<string, unknown> = { ...(locale['en-US'] ?? {}) };
  setKeyword(english, key, value === '' ? undefined : value);
  setKeyword(locale, 'en-US', Object.keys(english).length > 0 ? english : undefined);
  setKeyword(field, 'x-locale', Object.keys(locale).length > 0 ? locale : undefined);
}

/** Sets a field's Chinese text (title, description); an empty description is removed, a title never (the checker asks for one). */
export function setChineseText(field: JsonSchema, key: LocaleKey, value: string): void {
  setKeyword(field, key, value === '' && key === 'description' ? undefined : value);
}

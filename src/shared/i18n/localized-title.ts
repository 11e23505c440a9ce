import type { JsonSchema, LocalizedText } from '../schema/json-schema';
import type { Locale } from './locale';

/** A node's title or description in the locale; zh-CN lives in the keyword, other locales in `x-locale`. */
function localizedKeyword(node: JsonSchema | undefined, keyword: 'title' | 'description', locale: Locale): string | undefined {
  if (!node) return undefined;
  const translated = locale === 'zh-CN' ? undefined : node['x-locale']?.[locale]?.[keyword];
  return translated || node[keyword];
}

export function localizedTitle(node: JsonSchema | undefined, locale: Locale): string | undefined {
  return localizedKeyword(node, 'title', locale);
}

export function localizedDescription(node: JsonSchema | undefined, locale: Locale): string | undefined {
  return localizedKeyword(node, 'description', locale);
}

export function resolveLocalizedText(text: LocalizedText, locale: Locale): string {
  if (typeof text === 'string') return text;
  return (locale === 'en-US' ? text['en-US'] : undefined) ?? text['zh-CN'];
}

/** A file entry's own title (a manifest, step, resource, list or transition): zh-CN in `title`, English in `locale['en-US'].title`. */
export function localizedEntryTitle(entry: { title: string; locale?: { 'en-US'?: { title?: string } } }, locale: Locale | string): string {
  return (locale === 'en-US' ? entry.locale?.['en-US']?.title : undefined) ?? entry.title;
}

import type { JsonSchema, LocalizedText } from '../schema/json-schema';
import type { Locale } from './locale';

/** The node's title in the locale; zh-CN lives in `title`, other locales in `x-locale`. */
export function localizedTitle(node: JsonSchema | undefined, locale: Locale): string | undefined {
  if (!node) return undefined;
  if (locale !== 'zh-CN') {
    const translated = node['x-locale']?.[locale]?.title;
    if (translated) return translated;
  }
  return node.title;
}

export function localizedDescription(node: JsonSchema | undefined, locale: Locale): string | undefined {
  if (!node) return undefined;
  if (locale !== 'zh-CN') {
    const translated = node['x-locale']?.[locale]?.description;
    if (translated) return translated;
  }
  return node.description;
}

export function resolveLocalizedText(text: LocalizedText, locale: Locale): string {
  if (typeof text === 'string') return text;
  return (locale === 'en-US' ? text['en-US'] : undefined) ?? text['zh-CN'];
}

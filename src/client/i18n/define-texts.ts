import type { Locale } from '../../shared/i18n/locale';

/**
 * A module's texts from its two JSON catalogues (`<module>.zh-CN.json`, `<module>.en-US.json`),
 * which translators edit without touching code. `build` adds, once for both locales, the texts
 * that take values: it fills the catalogue's `{name}` templates. The en-US catalogue must hold
 * every key of the zh-CN one (the type says so; tests/client/i18n/text-catalogues.test.ts checks
 * that it holds no others and the same placeholders).
 */
export function defineTexts<C extends Record<string, string>, T>(
  zhCN: C,
  enUS: NoInfer<C>,
  build: (catalogue: C, locale: Locale) => T,
): (locale: Locale) => T {
  const texts: Record<Locale, T> = { 'zh-CN': build(zhCN, 'zh-CN'), 'en-US': build(enUS, 'en-US') };
  return (locale) => texts[locale];
}

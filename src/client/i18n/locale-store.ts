import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/i18n/locale';
import { createStoredPreference } from '../settings/create-stored-preference';

// The spec's layout settings keep the app language; it survives reloads.
const language = createStoredPreference<Locale>({
  key: 'app-language',
  parse: (stored) => ((LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE),
  serialize: (locale) => locale,
  fallback: () => DEFAULT_LOCALE,
});

/** The interface language, readable outside React (the HTTP client needs it for its texts). */
export const getLocale = language.get;

export function setLocale(locale: Locale): void {
  if (locale !== language.get()) language.set(locale);
}

/**
 * A part of a page shown in another language than the interface's: the schema studio's preview, in
 * zh-CN or en-US whatever the portal's language.
 */
export const LocaleOverride = createContext<Locale | undefined>(undefined);

export function useLocale(): Locale {
  const override = useContext(LocaleOverride);
  const chosen = language.use();
  return override ?? chosen;
}

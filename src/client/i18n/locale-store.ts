import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/i18n/locale';

// The spec's layout settings keep the app language; it survives reloads.
const STORAGE_KEY = 'app-language';

function readStored(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

let current: Locale = typeof localStorage === 'undefined' ? DEFAULT_LOCALE : readStored();
const listeners = new Set<() => void>();

/** The interface language, readable outside React (the HTTP client needs it for its texts). */
export function getLocale(): Locale {
  return current;
}

export function setLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

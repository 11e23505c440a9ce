import { useSyncExternalStore } from 'react';
import type { Locale } from '../../shared/i18n/locale';

type Titles = Readonly<Record<Locale, string>>;

let titles: ReadonlyMap<string, Titles> = new Map();
const listeners = new Set<() => void>();

/**
 * A page whose title comes from data (a resource folder's list or record) tells the tab bar its
 * title here once it knows it, in both languages, so the tab follows a language switch.
 */
export function registerPageTitle(pathname: string, value: Titles): void {
  const current = titles.get(pathname);
  if (current && current['zh-CN'] === value['zh-CN'] && current['en-US'] === value['en-US']) return;
  titles = new Map(titles).set(pathname, value);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered titles in one language, by path. */
export function useRegisteredTitles(): ReadonlyMap<string, Titles> {
  return useSyncExternalStore(subscribe, () => titles);
}

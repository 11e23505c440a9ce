import { useSyncExternalStore } from 'react';
import type { Locale } from '../../shared/i18n/locale';

type Titles = Readonly<Record<Locale, string>>;

/**
 * Kept for the browser tab's session, like the open tabs (multi-tab-bar.tsx): after a reload only
 * the page on screen renders and registers again, and every other open tab would read the portal's
 * name until it is visited (issue 30).
 */
const STORAGE_KEY = 'kc-page-titles';
/** The titles of far more tabs than anyone keeps open; the oldest go first. */
const KEPT = 100;

function isTitles(value: unknown): value is Titles {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['zh-CN'] === 'string' && typeof record['en-US'] === 'string';
}

function readStored(): ReadonlyMap<string, Titles> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    const entries = stored.filter(
      (entry: unknown): entry is [string, Titles] => Array.isArray(entry) && typeof entry[0] === 'string' && isTitles(entry[1]),
    );
    return new Map(entries);
  } catch {
    return new Map();
  }
}

function writeStored(value: ReadonlyMap<string, Titles>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...value].slice(-KEPT)));
  } catch {
    // No storage: the titles last for this page only.
  }
}

let titles: ReadonlyMap<string, Titles> = typeof sessionStorage === 'undefined' ? new Map() : readStored();
const listeners = new Set<() => void>();

/**
 * A page whose title comes from data (a resource folder's list or record) tells the tab bar its
 * title here once it knows it, in both languages, so the tab follows a language switch.
 */
export function registerPageTitle(pathname: string, value: Titles): void {
  const current = titles.get(pathname);
  if (current && current['zh-CN'] === value['zh-CN'] && current['en-US'] === value['en-US']) return;
  const next = new Map(titles);
  // Re-inserted at the end: the most recent titles are the ones kept.
  next.delete(pathname);
  titles = next.set(pathname, value);
  writeStored(titles);
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

import { useSyncExternalStore } from 'react';
import { DEFAULT_LAYOUT_SETTINGS, parseLayoutSettings, type LayoutSettings } from './layout-settings';

/** One localStorage entry for all layout settings, so they survive reloads together. */
export const LAYOUT_SETTINGS_KEY = 'kc-layout-settings';

function readStored(): LayoutSettings {
  try {
    const stored = localStorage.getItem(LAYOUT_SETTINGS_KEY);
    return parseLayoutSettings(stored === null ? {} : JSON.parse(stored));
  } catch {
    // Unparsable JSON or no storage at all: the defaults.
    return { ...DEFAULT_LAYOUT_SETTINGS };
  }
}

let current: LayoutSettings = typeof localStorage === 'undefined' ? { ...DEFAULT_LAYOUT_SETTINGS } : readStored();
const listeners = new Set<() => void>();

function commit(next: LayoutSettings): void {
  current = next;
  try {
    localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the change lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

export function getLayoutSettings(): LayoutSettings {
  return current;
}

/** Changes some settings; the result is validated like stored settings, so a bad value cannot stick. */
export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  const next = parseLayoutSettings({ ...current, ...patch });
  const changed = (Object.keys(next) as Array<keyof LayoutSettings>).some((key) => next[key] !== current[key]);
  if (changed) commit(next);
}

export function resetLayoutSettings(): void {
  commit({ ...DEFAULT_LAYOUT_SETTINGS });
}

/** Re-reads storage: for tests, and for another tab that changed the settings. */
export function reloadLayoutSettings(): void {
  current = readStored();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, getLayoutSettings, getLayoutSettings);
}

import { createStoredPreference } from './create-stored-preference';
import { DEFAULT_LAYOUT_SETTINGS, parseLayoutSettings, type LayoutSettings } from './layout-settings';

/** One localStorage entry for all layout settings, so they survive reloads together. */
export const LAYOUT_SETTINGS_KEY = 'kc-layout-settings';

const settings = createStoredPreference<LayoutSettings>({
  key: LAYOUT_SETTINGS_KEY,
  // Unparsable JSON or no storage at all: the defaults.
  parse: (stored) => parseLayoutSettings(stored === null ? {} : JSON.parse(stored)),
  serialize: (value) => JSON.stringify(value),
  fallback: () => ({ ...DEFAULT_LAYOUT_SETTINGS }),
});

export const getLayoutSettings = settings.get;

/** Changes some settings; the result is validated like stored settings, so a bad value cannot stick. */
export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  const current = settings.get();
  const next = parseLayoutSettings({ ...current, ...patch });
  const changed = (Object.keys(next) as Array<keyof LayoutSettings>).some((key) => next[key] !== current[key]);
  if (changed) settings.set(next);
}

export function resetLayoutSettings(): void {
  settings.set({ ...DEFAULT_LAYOUT_SETTINGS });
}

/** Re-reads storage: for tests, and for another tab that changed the settings. */
export const reloadLayoutSettings = settings.reload;

export const useLayoutSettings = settings.use;

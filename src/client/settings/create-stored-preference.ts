import { useSyncExternalStore } from 'react';

export interface StoredPreference<T> {
  get: () => T;
  /** Stores the value and tells every subscriber; storage failures keep it for this page only. */
  set: (value: T) => void;
  /** Re-reads storage: for tests, and for another tab that changed it. */
  reload: () => void;
  use: () => T;
}

/**
 * A user preference kept in one localStorage entry and readable outside React (the HTTP client
 * reads the language). `parse` turns what is stored (null when nothing is) into a valid value and
 * throws on garbage, which gives `fallback`.
 */
export function createStoredPreference<T>(options: {
  key: string;
  parse: (stored: string | null) => T;
  serialize: (value: T) => string;
  fallback: () => T;
}): StoredPreference<T> {
  const readStored = (): T => {
    try {
      return options.parse(localStorage.getItem(options.key));
    } catch {
      return options.fallback();
    }
  };
  let current: T = typeof localStorage === 'undefined' ? options.fallback() : readStored();
  const listeners = new Set<() => void>();
  const emit = (): void => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = (): T => current;
  return {
    get,
    set(value) {
      current = value;
      try {
        localStorage.setItem(options.key, options.serialize(value));
      } catch {
        // Private mode without storage: the choice lasts for this page only.
      }
      emit();
    },
    reload() {
      current = readStored();
      emit();
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}

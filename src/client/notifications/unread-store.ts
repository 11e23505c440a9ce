import { useSyncExternalStore } from 'react';
import { fetchUnreadCount } from './notification-api';

/**
 * The unread count the header's bell shows, one for the whole page, so the message centre's
 * "mark read" and the bell agree at once. undefined: not known (logged out, or not asked yet).
 */
let unread: number | undefined;
const listeners = new Set<() => void>();
let running: Promise<void> | undefined;

function set(next: number | undefined): void {
  if (next === unread) return;
  unread = next;
  for (const listener of listeners) listener();
}

export function getUnreadCount(): number | undefined {
  return unread;
}

/** Asks the server again; calls while one is running share it. A failure keeps the last number. */
export function refreshUnreadCount(): Promise<void> {
  running ??= fetchUnreadCount()
    .then(set, () => undefined)
    .finally(() => {
      running = undefined;
    });
  return running;
}

/** What a local change already knows (a notice marked read), without a round trip. */
export function setUnreadCount(next: number | undefined): void {
  set(next === undefined ? undefined : Math.max(0, next));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number | undefined {
  return useSyncExternalStore(subscribe, getUnreadCount, getUnreadCount);
}

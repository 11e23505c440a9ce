/** Where an event stands now: not yet begun (sign-up open), on, or over. */
export type EventPhase = 'upcoming' | 'ongoing' | 'ended';

const timeOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * An event's phase from its start and end (ISO date-times; the start stands for the end when there is
 * none), the same for the agenda's tag wherever the browser is: instants are compared, so Beijing
 * time and the reader's zone agree. undefined when the start is missing or broken.
 */
export function eventPhase(start: unknown, end: unknown, now: Date): EventPhase | undefined {
  const from = timeOf(start);
  if (from === undefined) return undefined;
  const to = timeOf(end) ?? from;
  const at = now.getTime();
  if (at < from) return 'upcoming';
  return at < to ? 'ongoing' : 'ended';
}

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Beijing year and month (YYYY-MM) of an ISO date-time: the agenda's groups. undefined when broken. */
export function beijingMonth(value: unknown): string | undefined {
  const ms = timeOf(value);
  return ms === undefined ? undefined : new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 7);
}

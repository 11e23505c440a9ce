import { hasDatePassed } from '../rules/date-passed';

export type WindowState = 'notOpen' | 'open' | 'closed';

/** Where `now` (server time) falls in an application window; both ends are inclusive. */
export function windowState(window: { opensAt: string; closesAt: string }, now: Date): WindowState {
  if (!hasDatePassed(window.opensAt, new Date(now.getTime() + 1))) return 'notOpen';
  return hasDatePassed(window.closesAt, now) ? 'closed' : 'open';
}

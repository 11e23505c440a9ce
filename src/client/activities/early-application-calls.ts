import { isApplicationFormPath } from '../../shared/activity/application-links';
import { withoutTrailingSlash } from '../../shared/site/without-trailing-slash';
import type { ApplicationView } from '../../shared/generated';
import { queryApplication, sampleServerTime, type ServerTimeSample } from './activity-api';

// A page opened later (a click, not the first screen) asks for itself.
const EARLY_TTL_MS = 15_000;

interface Early {
  activityId: string;
  at: number;
  application?: Promise<ApplicationView | null>;
  time?: Promise<ServerTimeSample>;
}

let early: Early | undefined;
const quiet = (): undefined => undefined;

/**
 * The application form's opening calls that need the member's token, and so cannot come in the page
 * (ADR 0059): their application and the server's clock. Started by main.tsx as the page's code starts
 * loading; asked by the page itself, they left only once its ~50 chunks had arrived and run, and then
 * took their own round trips: on a phone, 1.5 s after the code (issue 33). The page takes each once.
 */
export function startEarlyApplicationCalls(location: { pathname: string; search: string }, signedIn: boolean): void {
  const activityId = new URLSearchParams(location.search).get('activityId');
  if (!signedIn || !activityId || !isApplicationFormPath(withoutTrailingSlash(location.pathname))) return;
  const application = queryApplication(activityId, { silent: true });
  const time = sampleServerTime();
  // A failure is the page's to show, when it takes the call.
  application.catch(quiet);
  time.catch(quiet);
  early = { activityId, at: Date.now(), application, time };
}

function fresh(): Early | undefined {
  if (early && Date.now() - early.at > EARLY_TTL_MS) early = undefined;
  return early;
}

/** The member's application for this activity if main.tsx asked for it already; undefined otherwise, or the second time. */
export function takeEarlyApplication(activityId: string): Promise<ApplicationView | null> | undefined {
  const current = fresh();
  if (current?.activityId !== activityId) return undefined;
  const { application } = current;
  delete current.application;
  return application;
}

/** The server's clock as main.tsx asked for it, once. */
export function takeEarlyServerTime(): Promise<ServerTimeSample> | undefined {
  const current = fresh();
  const time = current?.time;
  if (current) delete current.time;
  return time;
}

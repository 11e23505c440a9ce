import { canonicalApiUrl } from '../../shared/site/first-screen';

/** How long an answer the page arrived with may stand in for its call: the first screen, not a later visit. */
const ARRIVED_TTL_MS = 30_000;

let arrived = new Map<string, unknown>();
let at = 0;

/** The whole answers of a fixed page's opening calls that the page arrived with (ADR 0059), by URL. */
export function keepArrivedAnswers(answers: Readonly<Record<string, unknown>>): void {
  arrived = new Map(Object.entries(answers));
  at = Date.now();
}

/**
 * The answer the page arrived with for this call (its URL under /api, with its query), once: the next
 * call to the same URL (a retry, a refresh) is made.
 */
export function takeArrivedAnswer(url: string): unknown {
  if (arrived.size === 0 || Date.now() - at > ARRIVED_TTL_MS) return undefined;
  const key = canonicalApiUrl(url);
  const answer = arrived.get(key);
  arrived.delete(key);
  return answer;
}

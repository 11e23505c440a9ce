import { canonicalApiUrl } from '../../shared/site/first-screen';

/** How long an answer the page arrived with may stand in for its call: the first screen, not a later visit. */
const ARRIVED_TTL_MS = 30_000;

const arrived = new Map<string, unknown>();
let at = 0;

/**
 * A call as one string: its method, its URL under /api with the query sorted, and for a body its
 * top-level keys sorted (a list's request, whose keys the page and the server write in their own order).
 */
export function answerKey(method: string, url: string, body?: unknown): string {
  const call = `${method.toUpperCase()} ${canonicalApiUrl(url)}`;
  if (body === null || typeof body !== 'object') return call;
  const record = body as Record<string, unknown>;
  return `${call} ${JSON.stringify(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  )}`;
}

/** Whole answers the page arrived with (ADR 0059), by answerKey: each stands in for its call once. */
export function keepArrivedAnswers(answers: Readonly<Record<string, unknown>>): void {
  for (const [key, answer] of Object.entries(answers)) arrived.set(key, answer);
  at = Date.now();
}

/**
 * The answer the page arrived with for this call, once. The first call to a URL settles what came for
 * it: another body (the list's second page asked first) is made and drops the rest, and so is every
 * later call (a retry, a refresh, a filter).
 */
export function takeArrivedAnswer(method: string, url: string, body?: unknown): unknown {
  if (arrived.size === 0 || Date.now() - at > ARRIVED_TTL_MS) return undefined;
  const answer = arrived.get(answerKey(method, url, body));
  const call = answerKey(method, url);
  for (const key of [...arrived.keys()]) if (key === call || key.startsWith(`${call} `)) arrived.delete(key);
  return answer;
}

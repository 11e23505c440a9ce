import type { ApiEnvelope } from '../../shared/api/envelope';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import { http } from '../api/http';

const EMPTY: SiteNavigation = { menu: [], tiles: [], footer: [] };

// One request per caller however many parts of the page (menu, tiles, footer) ask for it.
const pending = new Map<string, Promise<SiteNavigation>>();

/** A visitor's navigation the page arrived with (ADR 0059), kept as if it had just been asked for. */
export function seedSiteNavigation(key: string, navigation: SiteNavigation): void {
  if (!pending.has(key)) pending.set(key, Promise.resolve(navigation));
}

/**
 * The navigation for the caller `key` names (visitor, or a token and its permissions): the server
 * sends only the entries this caller may use. The menu, the tiles and the footer each show their
 * own failed state, so the client's error notice stays quiet.
 */
export function fetchSiteNavigation(key: string): Promise<SiteNavigation> {
  const known = pending.get(key);
  if (known) return known;
  const request = http.get<ApiEnvelope<SiteNavigation>>('/site/navigation', { silent: true }).then((answer) => answer.data.data ?? EMPTY);
  // A failed load is asked again at the next retry, not remembered.
  request.catch(() => pending.delete(key));
  pending.set(key, request);
  return request;
}

import type { Page } from '../api/envelope';
import type { DictFile } from '../generated/dict-file';
import type { RecordView } from '../generated/record-view';
import type { ResourceDefinition } from '../generated/resource-definition';
import type { ResourcePages } from '../generated/resource-pages';
import type { SiteNavigation } from '../generated/site-navigation';
import { dictCodesOf } from '../schema/collect-dict-codes';
import type { JsonSchema } from '../schema/json-schema';
import { activityPath, API_BASE, ENDPOINTS } from '../api/endpoints';
import type { ActivityDetail } from '../generated/activity-detail';
import { searchQueryOf } from '../search/search-query-of';
import { withoutTrailingSlash } from './without-trailing-slash';

/**
 * What the server puts into the page it sends for a portal path (ADR 0059): the answers the first
 * screen would otherwise ask for one after another once its code had run, each the `data` of the
 * public GET named beside it, as a visitor receives it.
 */
export interface FirstScreen {
  /** GET /api/resources/pages */
  pages: ResourcePages;
  /** GET /api/site/navigation, a visitor's */
  navigation?: SiteNavigation;
  /** GET /api/resources/<resource>/definition, a visitor's, when the path is a folder's page that draws it */
  definition?: { resource: string; value: ResourceDefinition };
  /** GET /api/sys/biz/queryDictByCode?code=<code> for each dictionary that definition's record names */
  dictionaries?: Record<string, DictFile['items']>;
  /** POST /api/resources/<resource>/lists/<list> with `request`, a visitor's, when the path is a public list's page (its list file has a layout) */
  list?: { resource: string; list: string; request: Record<string, unknown>; value: Page<RecordView> };
  /** The whole answer of each public GET a fixed page makes as it opens (firstScreenCalls: the same for everyone), by its canonical URL, in `locale` */
  gets?: Record<string, unknown>;
  /** The language the server worded `gets` in (a request without Accept-Language) */
  locale?: string;
}

/** The element of index.html holding it: a data block (type application/json), which no browser runs. */
export const FIRST_SCREEN_ELEMENT_ID = 'kc-first-screen';

/** The page kinds of resource.json pages that draw their folder's definition (lists, details, forms, maps). */
const DEFINITION_PAGE_KINDS: ReadonlySet<string> = new Set(['list', 'detail', 'new', 'map']);

type PageEntry = ResourcePages['pages'][number];

/** The folder's page at `pathname` that draws the folder's definition, if `pages` has one there. */
export function definitionPage(pages: ResourcePages, pathname: string): PageEntry | undefined {
  const path = withoutTrailingSlash(pathname);
  const page = pages.pages.find((candidate) => candidate.path === path);
  return page && DEFINITION_PAGE_KINDS.has(page.page) ? page : undefined;
}

/** The steps of the activity whose answer the page holds (an application form's page, firstScreenCalls), or none. */
export function activitySteps(screen: Pick<FirstScreen, 'gets'> | undefined): ActivityDetail['steps'] {
  const activity = Object.entries(screen?.gets ?? {}).find(([url]) => url.startsWith(`${API_BASE}${ENDPOINTS.activities}/`))?.[1];
  return (activity as { data?: Pick<ActivityDetail, 'steps'> } | undefined)?.data?.steps ?? [];
}

/** The dictionaries a folder's record names (x-dict), each once, sorted. */
export function definitionDictCodes(definition: Pick<ResourceDefinition, 'record'>): string[] {
  return dictCodesOf(definition.record as JsonSchema);
}

/**
 * A call's URL as one string whatever the order of its query: the path, then the query sorted by name.
 * The server keys the answers it sends by it and the client looks its call up by it.
 */
export function canonicalApiUrl(url: string): string {
  const parsed = new URL(url, 'http://portal');
  const query = [...parsed.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return query.length ? `${parsed.pathname}?${new URLSearchParams(query).toString()}` : parsed.pathname;
}

/**
 * The public GETs (paths under /api) a fixed page makes as it opens, for its address: the server sends
 * their answers with the page (ADR 0059). Only calls whose answer is the same for everyone, signed in or
 * not (public routes that read no token; first-screen-data.test.ts checks it), and that the page's own
 * code builds from the same shared function; a call left out is simply made by the page.
 */
export function firstScreenCalls(url: URL): string[] {
  const path = withoutTrailingSlash(url.pathname);
  if (path === '/activities') return [ENDPOINTS.activities];
  // The application form and its step pages: the activity's steps (a draft pinned to an earlier version asks with ?version=, another call).
  const activityId = url.searchParams.get('activityId');
  if (activityId && path.startsWith('/home/activities/')) return [activityPath(activityId)];
  if (path === '/search') {
    const query = searchQueryOf(url.searchParams);
    return [ENDPOINTS.hotSearch, ...(query ? [`${ENDPOINTS.search}?${new URLSearchParams({ ...query }).toString()}`] : [])];
  }
  return [];
}

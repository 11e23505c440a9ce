import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { Page } from '../../shared/api/envelope';
import type { DictFile } from '../../shared/generated/dict-file';
import type { RecordView } from '../../shared/generated/record-view';
import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import type { ResourceListFile } from '../../shared/generated/resource-list-file';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { listFilters } from '../../shared/resource/list-fields';
import { DEFAULT_LOCALE } from '../../shared/i18n/locale';
import { publicListRequest } from '../../shared/resource/list-query';
import { resourceApiPath } from '../../shared/resource/resource-links';
import type { JsonSchema } from '../../shared/schema/json-schema';
import {
  canonicalApiUrl,
  definitionDictCodes,
  definitionPage,
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenCalls,
  type FirstScreen,
} from '../../shared/site/first-screen';

/**
 * A public call's `data` as a visitor receives it, asked of the app itself (inject): the very route,
 * with its access rule, projection and live registries, so the page can hold nothing its call would
 * not give. Anything but a 200 is left out; the client then asks as before.
 */
async function visitorData<T>(app: FastifyInstance, ip: string, url: string, payload?: Record<string, unknown>): Promise<T | undefined> {
  const answer = await app.inject(
    payload ? { method: 'POST', url: `/api${url}`, payload, remoteAddress: ip } : { method: 'GET', url: `/api${url}`, remoteAddress: ip },
  );
  if (answer.statusCode !== 200) return undefined;
  return (answer.json() as { data?: T }).data;
}

/** The whole answers of the public GETs a fixed page makes as it opens (firstScreenCalls), worded in the default language. */
async function fixedPageAnswers(app: FastifyInstance, ip: string, url: URL): Promise<Pick<FirstScreen, 'gets' | 'locale'>> {
  const calls = firstScreenCalls(url);
  const answers = await Promise.all(calls.map((call) => app.inject({ method: 'GET', url: `/api${call}`, remoteAddress: ip })));
  const gets = Object.fromEntries(
    calls.flatMap((call, index) => {
      const answer = answers[index];
      return answer?.statusCode === 200 ? [[canonicalApiUrl(`/api${call}`), answer.json() as unknown]] : [];
    }),
  );
  return Object.keys(gets).length > 0 ? { gets, locale: DEFAULT_LOCALE } : {};
}

/** A public list's first page as its page asks for it (the address's page and filters), when the page is one. */
async function firstListPage(
  app: FastifyInstance,
  ip: string,
  resource: string,
  listName: string | undefined,
  definition: ResourceDefinition,
  params: URLSearchParams,
): Promise<FirstScreen['list']> {
  const list = listName ? (definition.lists[listName] as ResourceListFile | undefined) : undefined;
  if (!listName || !list?.layout) return undefined;
  const filters = listFilters(list, definition.record as JsonSchema, definition.workflow as unknown as WorkflowFile, 'zh-CN');
  const request = publicListRequest(params, filters, list.pageSize ?? DEFAULT_PAGE_SIZE);
  const value = await visitorData<Page<RecordView>>(app, ip, resourceApiPath(resource, `lists/${listName}`), request);
  return value ? { resource, list: listName, request, value } : undefined;
}

/** The dictionaries with these codes, as a visitor receives them. */
async function dictionariesOf(app: FastifyInstance, ip: string, codes: readonly string[]): Promise<Record<string, DictFile['items']>> {
  const items = await Promise.all(
    codes.map((code) => visitorData<DictFile['items']>(app, ip, `${ENDPOINTS.dictByCode}?code=${encodeURIComponent(code)}`)),
  );
  return Object.fromEntries(codes.flatMap((code, index) => (items[index] ? [[code, items[index]]] : [])));
}

/**
 * The first screen of the page at `url` (ADR 0059): the folders' pages, a visitor's navigation and, on
 * a folder's page, the folder's definition, the dictionaries its record names and, on a public list's
 * page, the rows the address asks for. On a phone these calls otherwise leave only after the page's
 * code has arrived and run, one after another, and wait behind its chunks for the browser's six
 * connections: 2–3 s before a list's rows came. Asked as the visitor at `ip`, so the calls count in
 * that visitor's read budget (R28), not in the server's own address's.
 */
export async function firstScreenData(app: FastifyInstance, url: URL, ip = '127.0.0.1'): Promise<FirstScreen | undefined> {
  const [pages, navigation, gets] = await Promise.all([
    visitorData<ResourcePages>(app, ip, '/resources/pages'),
    visitorData<SiteNavigation>(app, ip, '/site/navigation'),
    fixedPageAnswers(app, ip, url),
  ]);
  if (!pages) return undefined;
  const screen: FirstScreen = { pages, ...(navigation ? { navigation } : {}), ...gets };
  const page = definitionPage(pages, url.pathname);
  if (!page) return screen;
  const definition = await visitorData<ResourceDefinition>(app, ip, resourceApiPath(page.resource, 'definition'));
  if (!definition) return screen;
  const [dictionaries, list] = await Promise.all([
    dictionariesOf(app, ip, definitionDictCodes(definition)),
    page.page === 'list' ? firstListPage(app, ip, page.resource, page.list, definition, url.searchParams) : undefined,
  ]);
  return { ...screen, definition: { resource: page.resource, value: definition }, dictionaries, ...(list ? { list } : {}) };
}

/**
 * The data block to put into the page: JSON, with `<` written as \u003c so that no text of a record
 * ("</script>") can end the element early. A data block is never run, so the CSP's script-src holds.
 */
export function firstScreenElement(screen: FirstScreen): string {
  const json = JSON.stringify(screen).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
}

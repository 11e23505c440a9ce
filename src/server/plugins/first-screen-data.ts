import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { DictFile } from '../../shared/generated/dict-file';
import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import { resourceApiPath } from '../../shared/resource/resource-links';
import { definitionDictCodes, definitionPageResource, FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '../../shared/site/first-screen';

/**
 * A public GET's `data` as a visitor receives it, asked of the app itself (inject): the very route,
 * with its access rule, projection and live registries, so the page can hold nothing its call would
 * not give. Anything but a 200 is left out; the client then asks as before.
 */
async function visitorData<T>(app: FastifyInstance, url: string): Promise<T | undefined> {
  const answer = await app.inject({ method: 'GET', url: `/api${url}` });
  if (answer.statusCode !== 200) return undefined;
  return (answer.json() as { data?: T }).data;
}

/**
 * The first screen of `pathname` (ADR 0059): the folders' pages, a visitor's navigation and, on a
 * folder's page, the folder's definition and the dictionaries its record names. On a phone these
 * calls otherwise leave only after the page's code has arrived and run, and wait behind its chunks
 * for the browser's six connections: 1–2 s before a list can ask for its rows.
 */
export async function firstScreenData(app: FastifyInstance, pathname: string): Promise<FirstScreen | undefined> {
  const [pages, navigation] = await Promise.all([
    visitorData<ResourcePages>(app, '/resources/pages'),
    visitorData<SiteNavigation>(app, '/site/navigation'),
  ]);
  if (!pages) return undefined;
  const screen: FirstScreen = { pages, ...(navigation ? { navigation } : {}) };
  const resource = definitionPageResource(pages, pathname);
  if (!resource) return screen;
  const definition = await visitorData<ResourceDefinition>(app, resourceApiPath(resource, 'definition'));
  if (!definition) return screen;
  const codes = definitionDictCodes(definition);
  const items = await Promise.all(
    codes.map((code) => visitorData<DictFile['items']>(app, `${ENDPOINTS.dictByCode}?code=${encodeURIComponent(code)}`)),
  );
  const dictionaries = Object.fromEntries(codes.flatMap((code, index) => (items[index] ? [[code, items[index]]] : [])));
  return { ...screen, definition: { resource, value: definition }, dictionaries };
}

/**
 * The data block to put into the page: JSON, with `<` written as \u003c so that no text of a record
 * ("</script>") can end the element early. A data block is never run, so the CSP's script-src holds.
 */
export function firstScreenElement(screen: FirstScreen): string {
  const json = JSON.stringify(screen).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
}

import { matchRoutes } from 'react-router-dom';
import { dataProvider } from '../api/data-provider';
import { loadDictOptions } from '../api/dict-api';
import { dictCodesOf } from '../engine/use-dictionaries';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { withoutTrailingSlash } from '../../shared/site/without-trailing-slash';
import { fetchSiteNavigation } from '../site/site-navigation-api';
import { APP_ROUTES } from './app-routes';

/** The page kinds of resource.json pages that draw their folder's definition (lists, details, forms, maps). */
const DEFINITION_PAGES: ReadonlySet<string> = new Set(['list', 'detail', 'new', 'map']);

const quiet = (): undefined => undefined;

/**
 * Asks, before React renders anything, for the data the first screen waits on (issue 33, ADR 0059).
 * Asked from the pages themselves, these requests left only after the page's chunk had arrived and run:
 * on a phone about two seconds after the entry, one after another. Each is the same cached promise the
 * page reads later, so nothing is fetched twice:
 * - the folders' pages (the account menu and every path no fixed route claims read them);
 * - a visitor's navigation (the frame's menu, the home tiles, the footer);
 * - on a folder's page, once the pages name its folder: the folder's definition, then the dictionaries
 *   its record names (a list's tags and facets, a detail's labels).
 * A failure here is the page's to show when it asks again; nothing is shown from here.
 */
export function prefetchFirstScreen(pathname: string, signedIn: boolean, locale: Locale): void {
  const pages = dataProvider.getPages();
  pages.catch(quiet);
  if (!signedIn) fetchSiteNavigation('visitor').catch(quiet);
  if (matchRoutes(APP_ROUTES, pathname)?.at(-1)?.route.path !== '*') return;
  const path = withoutTrailingSlash(pathname);
  pages.then((answer) => {
    const page = answer.pages.find((candidate) => candidate.path === path);
    if (!page || !DEFINITION_PAGES.has(page.page)) return;
    dataProvider.getDefinition(page.resource).then((definition) => {
      for (const code of dictCodesOf(definition.record as JsonSchema)) loadDictOptions(code, locale).catch(quiet);
    }, quiet);
  }, quiet);
}

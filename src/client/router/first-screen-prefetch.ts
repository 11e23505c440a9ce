import { matchRoutes } from 'react-router-dom';
import { API_BASE } from '../../shared/api/endpoints';
import type { Locale } from '../../shared/i18n/locale';
import { resourceApiPath } from '../../shared/resource/resource-links';
import { definitionDictCodes, definitionPage, FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '../../shared/site/first-screen';
import { dataProvider } from '../api/data-provider';
import { answerKey, keepArrivedAnswers } from '../api/arrived-answers';
import { loadDictOptions, seedDictEntries } from '../api/dict-api';
import { fetchSiteNavigation, seedSiteNavigation } from '../site/site-navigation-api';
import { APP_ROUTES } from './app-routes';

const quiet = (): undefined => undefined;

/** The first screen's answers the server put into the page (ADR 0059), if it did and they read as JSON. */
export function readFirstScreen(document: Document): FirstScreen | undefined {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    return undefined;
  }
}

/**
 * Readies, before React renders anything, the data the first screen waits on (issue 33, ADR 0059).
 * Asked from the pages themselves, these requests left only after the page's chunk had arrived and run,
 * then waited behind the other chunks for the browser's connections: on a phone, two seconds after the
 * entry, one after another. The server puts the answers into the page (`screen`): they are kept in the
 * caches the pages read. What it did not send is asked for here at once. Each is the same cached
 * promise the page reads later, so nothing is fetched twice:
 * - the folders' pages (the account menu and every path no fixed route claims read them);
 * - a visitor's navigation (the frame's menu, the home tiles, the footer);
 * - on a folder's page: the folder's definition, then the dictionaries its record names;
 * - on a public list's page, the rows its address asks for (the server's only: they need the list's
 *   code's request, which the list sends itself when they did not come);
 * - on a fixed page, the whole answers of its opening calls (firstScreenCalls), which the HTTP client
 *   hands to those calls (arrived-answers.ts).
 * The pages and those opening calls are the same for everyone; the rest are a visitor's, and someone
 * signed in asks for their own.
 * A failure here is the page's to show when it asks again; nothing is shown from here.
 */
export function prefetchFirstScreen(pathname: string, signedIn: boolean, locale: Locale, screen?: FirstScreen): void {
  if (screen) {
    dataProvider.seed(signedIn ? { pages: screen.pages } : screen);
    if (!signedIn && screen.navigation) seedSiteNavigation('visitor', screen.navigation);
    if (!signedIn) for (const [code, entries] of Object.entries(screen.dictionaries ?? {})) seedDictEntries(code, locale, entries);
    // The same for everyone, worded in the server's default language: kept only for a page in that language.
    if (screen.gets && screen.locale === locale)
      keepArrivedAnswers(Object.fromEntries(Object.entries(screen.gets).map(([url, answer]) => [answerKey('get', url), answer])));
    // A visitor's rows, for the list's own first request (the same request, keys in any order).
    if (!signedIn && screen.list) {
      const { resource, list, request, value } = screen.list;
      keepArrivedAnswers({
        [answerKey('post', `${API_BASE}${resourceApiPath(resource, `lists/${list}`)}`, request)]: { code: 0, msg: 'ok', data: value },
      });
    }
  }
  const pages = dataProvider.getPages();
  pages.catch(quiet);
  if (!signedIn) fetchSiteNavigation('visitor').catch(quiet);
  if (matchRoutes(APP_ROUTES, pathname)?.at(-1)?.route.path !== '*') return;
  pages.then((answer) => {
    const page = definitionPage(answer, pathname);
    if (!page) return;
    dataProvider.getDefinition(page.resource).then((definition) => {
      for (const code of definitionDictCodes(definition)) loadDictOptions(code, locale).catch(quiet);
    }, quiet);
  }, quiet);
}

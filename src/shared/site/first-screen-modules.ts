import { isApplicationFormPath } from '../activity/application-links';
import type { JsonSchema } from '../schema/json-schema';
import { lazyWidgetModules } from '../schema/lazy-widget-modules';
import type { ResourceListFile } from '../generated/resource-list-file';
import { firstImagePath } from '../resource/record-images';
import type { FirstScreen } from './first-screen';
import { activitySteps, definitionPage } from './first-screen';
import { withoutTrailingSlash } from './without-trailing-slash';

/**
 * The lazy widgets the activity's first step draws, from its definition in the page (firstScreenCalls),
 * each once. A new application opens on it; the later steps' widgets (a 50-row table, date pickers) would
 * be ~200 KB more on a phone's line before the first field shows, and load when their step does.
 */
function formWidgets(screen: FirstScreen | undefined): string[] {
  const first = activitySteps(screen)[0];
  return first ? [...new Set(lazyWidgetModules(first.schema as JsonSchema))] : [];
}

/**
 * The client's modules a page's first screen draws, as the build's manifest names them: a source path
 * under src/client, or a shared chunk's name. The server names their files in the page
 * (`<link rel="modulepreload">`, issue 33), so that a phone fetches them beside the shell instead of
 * one lazy import after another once the shell has run: on a folder's list that was two round trips
 * and about 1.5 s before the cards could draw. They must follow the lazy imports of the routes
 * (router/app-routes.tsx, resource-page-alias.tsx); a name the manifest lacks is skipped, and
 * first-screen-modules.test.ts checks that every name here is a module of src/client.
 */
export function firstScreenModules(pathname: string, screen: FirstScreen | undefined): string[] {
  const path = withoutTrailingSlash(pathname);
  if (path === '/home') return ['pages/home-page.tsx'];
  if (path === '/activities') return ['pages/activities/activities-page.tsx'];
  if (path === '/search') return ['pages/search-page.tsx'];
  // The application form and its step pages (a member's): the page and the step form it loads at once.
  if (isApplicationFormPath(path))
    return ['pages/activities/application-form-page.tsx', 'activities/step-form/step-form.tsx', ...formWidgets(screen)];
  const page = screen && definitionPage(screen.pages, path);
  if (!page) return [];
  const alias = 'pages/resources/resource-page-alias.tsx';
  if (page.page === 'list') return [alias, 'schema-list'];
  if (page.page === 'detail') return [alias, page.article ? 'engine/layouts/article-detail.tsx' : 'schema-detail'];
  return [alias];
}

/**
 * The image a public list's first screen shows first (its first record's, in a layout that has
 * images), which is often the page's largest paint: the server names it in the page so that it is
 * fetched with the code, not after the cards have been drawn.
 */
export function firstScreenImage(screen: FirstScreen | undefined): string | undefined {
  const list = screen?.list;
  const definition = screen?.definition;
  if (!list || definition?.resource !== list.resource) return undefined;
  const field = (definition.value.lists[list.list] as ResourceListFile | undefined)?.layout?.image;
  const first = list.value.records[0];
  return field === undefined || !first ? undefined : firstImagePath(first.data[field]);
}

import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { NavigationFile } from '../../../shared/generated/navigation-file';
import { checkNavigationFile, NAVIGATION_FILE } from '../../../shared/site/check-navigation-file';
import { navigationPermissionIds } from '../../../shared/site/navigation-permission-ids';
import { sitePages, type FolderPages } from '../../../shared/site/site-pages';
import { entryPointerOf, withoutEntries } from '../../../shared/site/without-entries';
import { readJsonFile } from '../../lib/read-json-file';

/** A schemas folder without a navigation file (a test's own tree): the portal's home, and nothing else. */
const HOME_ONLY: NavigationFile = {
  menu: [{ title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } }],
  tiles: [],
  footer: [],
};

/** The navigation the server serves, and the problems of the entries it left out (logged at start). */
export interface LoadedNavigation {
  navigation: NavigationFile;
  problems: string[];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * The site's navigation (schemas/site/navigation.json), checked against the pages and permissions of
 * the folders that are live, by the same check as `npm run schemas:check`. A file of the wrong shape
 * stops the start, as a broken map does. An entry that leads to a page that is not live (a resource
 * folder left out at start-up), or that its audience could not open, is left out and named in the
 * log, like the folder itself: the rest of the portal starts and serves.
 */
export async function loadNavigationFile(
  schemasDir: string,
  folders: readonly (FolderPages & { resource: { permission: string } })[],
): Promise<LoadedNavigation> {
  const path = join(schemasDir, NAVIGATION_FILE);
  if (!(await exists(path))) return { navigation: HOME_ONLY, problems: [] };
  let value = await readJsonFile(path, NAVIGATION_FILE);
  const pages = sitePages(folders);
  const permissionIds = navigationPermissionIds(folders);
  const left: string[] = [];
  // An entry left out may have hidden its neighbours' problems (a file of the wrong shape is checked
  // for its shape only): check again until nothing is left to leave out.
  for (;;) {
    const problems = checkNavigationFile(value, pages, permissionIds);
    const lines = problems.map((problem) => `${NAVIGATION_FILE}#${problem.pointer}: ${problem.message}`);
    if (problems.length === 0) return { navigation: value as NavigationFile, problems: left };
    const entries = problems.map((problem) => entryPointerOf(problem.pointer));
    if (entries.some((entry) => entry === undefined)) throw new Error(`站点导航 ${NAVIGATION_FILE} 有误：\n${lines.join('\n')}`);
    left.push(...lines);
    value = withoutEntries(value as NavigationFile, new Set(entries as string[]));
  }
}

import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { NavigationFile } from '../../../shared/generated/navigation-file';
import { checkNavigationFile, NAVIGATION_FILE } from '../../../shared/site/check-navigation-file';
import { navigationPermissionIds } from '../../../shared/site/navigation-permission-ids';
import { sitePages, type FolderPages } from '../../../shared/site/site-pages';
import { readJsonFile } from '../../lib/read-json-file';

/** A schemas folder without a navigation file (a test's own tree): the portal's home, and nothing else. */
const HOME_ONLY: NavigationFile = {
  menu: [{ title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } }],
  tiles: [],
  footer: [],
};

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * The site's navigation (schemas/site/navigation.json), checked against the pages and permissions of
 * the folders that are live. A broken file stops the start with `file#/pointer: 中文说明`, the same
 * report as `npm run schemas:check`, as a broken map does: a portal whose menu leads nowhere must
 * not start half-right.
 */
export async function loadNavigationFile(
  schemasDir: string,
  folders: readonly (FolderPages & { resource: { permission: string } })[],
): Promise<NavigationFile> {
  const path = join(schemasDir, NAVIGATION_FILE);
  if (!(await exists(path))) return HOME_ONLY;
  const value = await readJsonFile(path, NAVIGATION_FILE);
  const problems = checkNavigationFile(value, sitePages(folders), navigationPermissionIds(folders));
  if (problems.length > 0)
    throw new Error(
      `站点导航 ${NAVIGATION_FILE} 有误：\n${problems.map((problem) => `${NAVIGATION_FILE}#${problem.pointer}: ${problem.message}`).join('\n')}`,
    );
  return value as NavigationFile;
}

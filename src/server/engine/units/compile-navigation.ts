import type { NavigationFile } from '../../../shared/generated/navigation-file';
import { checkNavigationFile, NAVIGATION_FILE } from '../../../shared/site/check-navigation-file';
import { navigationPermissionIds } from '../../../shared/site/navigation-permission-ids';
import { sitePages, type FolderPages } from '../../../shared/site/site-pages';
import { entryPointerOf, withoutEntries } from '../../../shared/site/without-entries';
import { SchemaUnitError, formatUnitProblem, type UnitProblem } from './schema-unit-error';

/** What the navigation's checks read of the live resource folders: their pages and their permission. */
export type NavigationFolder = FolderPages & { resource: { permission: string } };

/** A navigation that checked, and the entries left out of it (each `file#/pointer: 说明`, for the log). */
export interface CompiledNavigation {
  navigation: NavigationFile;
  leftOut: string[];
}

const problemOf = (problem: { pointer: string; message: string }): UnitProblem => ({ file: NAVIGATION_FILE, ...problem });

/**
 * Checks the navigation file's text against the pages and permissions of the live folders, by the
 * same check as `npm run schemas:check`; throws SchemaUnitError with every problem. With `leaveOut`
 * (the start, and a publication installed from another process, whose live folders may differ) an
 * entry that leads to a page that is not live, or that its audience could not open, is left out and
 * named instead, as a folder with a mistake is: only a file of the wrong shape as a whole is refused.
 */
export function compileNavigation(
  text: string,
  folders: readonly NavigationFolder[],
  { leaveOut }: { leaveOut: boolean },
): CompiledNavigation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SchemaUnitError(NAVIGATION_FILE, [problemOf({ pointer: '', message: `不是合法的 JSON：${(error as Error).message}` })]);
  }
  const pages = sitePages(folders);
  const permissionIds = navigationPermissionIds(folders);
  const leftOut: UnitProblem[] = [];
  // An entry left out may have hidden its neighbours' problems (a file of the wrong shape is checked
  // for its shape only): check again until nothing is left to leave out.
  for (;;) {
    const problems = checkNavigationFile(value, pages, permissionIds).map(problemOf);
    if (problems.length === 0) return { navigation: value as NavigationFile, leftOut: leftOut.map(formatUnitProblem) };
    const entries = problems.map((problem) => entryPointerOf(problem.pointer));
    if (!leaveOut || entries.some((entry) => entry === undefined)) throw new SchemaUnitError(NAVIGATION_FILE, problems);
    leftOut.push(...problems);
    value = withoutEntries(value as NavigationFile, new Set(entries as string[]));
  }
}

import { readTextIfPresent } from '../../lib/read-text-if-present';
import { join } from 'node:path';
import type { NavigationFile } from '../../../shared/generated/navigation-file';
import { navigationPreview } from '../../../shared/site/navigation-preview';
import { sha256Hex } from '../../lib/sha256';
import { compileNavigation, type NavigationFolder } from './compile-navigation';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';
import { writeUnitFiles } from './unit-files';
import type { UnitRegistry } from './unit-registry';

export const SITE_SUBDIR = 'site';
/** The site's one unit: its navigation, `site/navigation.json` (NAVIGATION_FILE). */
export const NAVIGATION_UNIT = 'navigation';

/** A schemas folder without a navigation file (a test's own tree), or one whose file is broken: the portal's home, and nothing else. */
const HOME_ONLY: NavigationFile = {
  menu: [{ title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } }],
  tiles: [],
  footer: [],
};

/**
 * The site's navigation (the top menu, the home tiles and the footer) as a unit the studio opens,
 * checks, previews, publishes and rolls back like an activity or a form (ADR 0033). Its one unit,
 * `navigation`, is the file `site/navigation.json`; the compiled unit is the navigation as served,
 * before each caller's entries are picked (navigationFor).
 */
export interface SiteRegistry extends UnitRegistry<NavigationFile> {
  /** What GET /api/site/navigation serves: the live navigation, or the home page alone when there is no good file. */
  navigation(): NavigationFile;
  /** The entries the live version left out (a page that is not live in this process), each `file#/pointer: 说明`. */
  leftOut(): readonly string[];
}

/**
 * Loads `site/navigation.json`, checked against the pages and permissions of `folders()` (the live
 * resource folders, read again at each check, so a candidate is judged by what is live now). An entry
 * that leads to a page that is not live is left out and named (leftOut); a file that does not check as
 * a whole is left out like a broken folder: the portal serves the home page alone and the studio lists
 * the file with its problems, to be fixed and published without a restart.
 */
export async function loadSiteRegistry(schemasDir: string, folders: () => readonly NavigationFolder[]): Promise<SiteRegistry> {
  const dir = join(schemasDir, SITE_SUBDIR);
  const fileOf = (name: string) => `${name}.json`;
  const path = (name: string) => `${SITE_SUBDIR}/${fileOf(name)}`;
  let live: { navigation: NavigationFile; leftOut: string[]; text: string } | undefined;
  const skipped: SkippedUnit[] = [];

  const onDisk = await readTextIfPresent(join(dir, fileOf(NAVIGATION_UNIT)));
  if (onDisk !== undefined) {
    try {
      live = { ...compileNavigation(onDisk, folders(), { leaveOut: true }), text: onDisk };
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      skipped.push(error.unit);
    }
  }

  /** The one text of a candidate, refused when it is not the navigation file alone. */
  const textOf = (name: string, texts: ReadonlyMap<string, string>): string => {
    const file = fileOf(NAVIGATION_UNIT);
    if (name !== NAVIGATION_UNIT || texts.size !== 1 || !texts.has(file))
      throw new SchemaUnitError(path(name), [{ file: path(name), pointer: '', message: `站点导航只有一个文件：${path(NAVIGATION_UNIT)}` }]);
    return texts.get(file) ?? '';
  };

  return {
    kind: 'site',
    path,
    filePrefix: () => `${SITE_SUBDIR}/`,
    unitNames: async () => (live || (await readTextIfPresent(join(dir, fileOf(NAVIGATION_UNIT)))) !== undefined ? [NAVIGATION_UNIT] : []),
    get: (name) => (name === NAVIGATION_UNIT ? live?.navigation : undefined),
    texts: (name) => (name === NAVIGATION_UNIT && live ? new Map([[fileOf(name), live.text]]) : undefined),
    read: async (name) => {
      if (name !== NAVIGATION_UNIT) return undefined;
      const text = await readTextIfPresent(join(dir, fileOf(name)));
      return text === undefined ? undefined : new Map([[fileOf(name), text]]);
    },
    // The site folder may hold other files one day: only the navigation's is written.
    write: (_name, texts) => writeUnitFiles(dir, texts, { removeOthers: false }),
    versionOf: (texts) => sha256Hex([...texts.values()][0] ?? ''),
    title: (name) => (name === NAVIGATION_UNIT ? '站点导航' : name),
    // A candidate that names a page or permission the portal does not have live is refused, not trimmed.
    compile: async (name, texts) => compileNavigation(textOf(name, texts), folders(), { leaveOut: false }).navigation,
    preview: (navigation) => ({ ...navigationPreview(navigation) }),
    canInstall: () => true,
    install: (name, texts) => {
      const text = textOf(name, texts);
      // Checked where it was published; here only this process's live folders may differ, as at a start.
      live = { ...compileNavigation(text, folders(), { leaveOut: true }), text };
      const index = skipped.findIndex((unit) => unit.path === path(name));
      if (index !== -1) skipped.splice(index, 1);
      return live.navigation;
    },
    skipped: () => skipped,
    navigation: () => live?.navigation ?? HOME_ONLY,
    leftOut: () => live?.leftOut ?? [],
  };
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkDashboardFile } from '../../../shared/dashboard/check-dashboard-file';
import type { DashboardFile } from '../../../shared/generated/dashboard-file';
import type { ResourceFolderParts } from '../../../shared/resource/resource-folder-parts';
import { sha256Hex } from '../../lib/sha256';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';
import { writeUnitFiles } from './unit-files';
import type { UnitRegistry } from './unit-registry';

export const DASHBOARD_SUBDIR = 'dashboards';
const SUFFIX = '.dashboard.json';
const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** A dashboard that checked: its name (the file's stem) and its file. */
export interface CompiledDashboard {
  name: string;
  file: DashboardFile;
}

/** The dashboards: each file of `dashboards/` a unit the studio opens, checks, previews, publishes and rolls back (ADR 0037). */
export interface DashboardRegistry extends UnitRegistry<CompiledDashboard> {
  /** The live dashboards, by their order and then their name. */
  list(): CompiledDashboard[];
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function namesOnDisk(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).flatMap((file) =>
      file.endsWith(SUFFIX) && NAME.test(file.slice(0, -SUFFIX.length)) ? [file.slice(0, -SUFFIX.length)] : [],
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Checks a dashboard's text by schemas:check's own check against the live resource folders (read
 * again at each call, so a candidate is judged by what is live now); throws SchemaUnitError with every problem.
 */
export function compileDashboard(name: string, text: string, folders: readonly ResourceFolderParts[]): CompiledDashboard {
  const file = `${DASHBOARD_SUBDIR}/${name}${SUFFIX}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SchemaUnitError(file, [{ file, pointer: '', message: `不是合法的 JSON：${(error as Error).message}` }]);
  }
  const problems = checkDashboardFile(value, new Map(folders.map((folder) => [folder.name, folder])));
  if (problems.length > 0)
    throw new SchemaUnitError(
      file,
      problems.map((problem) => ({ file, ...problem })),
    );
  return { name, file: value as DashboardFile };
}

/**
 * Loads `dashboards/<name>.dashboard.json`, each checked against `folders()`. A file that does not
 * check is left out like a broken folder: named in the log, /api/health and the studio, to be fixed
 * and published without a restart; the others are served.
 */
export async function loadDashboardRegistry(schemasDir: string, folders: () => readonly ResourceFolderParts[]): Promise<DashboardRegistry> {
  const dir = join(schemasDir, DASHBOARD_SUBDIR);
  const fileOf = (name: string) => `${name}${SUFFIX}`;
  const path = (name: string) => `${DASHBOARD_SUBDIR}/${fileOf(name)}`;
  const live = new Map<string, { dashboard: CompiledDashboard; text: string }>();
  const skipped: SkippedUnit[] = [];

  for (const name of await namesOnDisk(dir)) {
    const text = (await readText(join(dir, fileOf(name)))) ?? '';
    try {
      live.set(name, { dashboard: compileDashboard(name, text, folders()), text });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      skipped.push(error.unit);
    }
  }

  /** The one text of a candidate, refused when it is not the dashboard's file alone. */
  const textOf = (name: string, texts: ReadonlyMap<string, string>): string => {
    const file = fileOf(name);
    if (!NAME.test(name) || texts.size !== 1 || !texts.has(file))
      throw new SchemaUnitError(path(name), [{ file: path(name), pointer: '', message: `看板只有一个文件：${path(name)}` }]);
    return texts.get(file) ?? '';
  };

  return {
    kind: 'dashboard',
    path,
    filePrefix: () => `${DASHBOARD_SUBDIR}/`,
    unitNames: async () => [...new Set([...live.keys(), ...(await namesOnDisk(dir))])].sort(),
    get: (name) => live.get(name)?.dashboard,
    texts: (name) => {
      const entry = live.get(name);
      return entry ? new Map([[fileOf(name), entry.text]]) : undefined;
    },
    read: async (name) => {
      if (!NAME.test(name)) return undefined;
      const text = await readText(join(dir, fileOf(name)));
      return text === undefined ? undefined : new Map([[fileOf(name), text]]);
    },
    // The folder holds one file per dashboard: only this one's is written.
    write: (_name, texts) => writeUnitFiles(dir, texts, { removeOthers: false }),
    versionOf: (texts) => sha256Hex([...texts.values()][0] ?? ''),
    title: (name) => live.get(name)?.dashboard.file.title ?? name,
    compile: async (name, texts) => compileDashboard(name, textOf(name, texts), folders()),
    preview: (dashboard) => ({
      title: dashboard.file.title,
      widgets: dashboard.file.widgets.map((widget) => ({
        id: widget.id,
        kind: widget.kind,
        title: widget.title,
        resource: widget.resource,
        list: widget.list,
      })),
    }),
    canInstall: () => true,
    install: (name, texts) => {
      const text = textOf(name, texts);
      const dashboard = compileDashboard(name, text, folders());
      live.set(name, { dashboard, text });
      const index = skipped.findIndex((unit) => unit.path === path(name));
      if (index !== -1) skipped.splice(index, 1);
      return dashboard;
    },
    skipped: () => skipped,
    list: () =>
      [...live.values()]
        .map((entry) => entry.dashboard)
        .sort((a, b) => (a.file.order ?? 500) - (b.file.order ?? 500) || a.name.localeCompare(b.name)),
  };
}

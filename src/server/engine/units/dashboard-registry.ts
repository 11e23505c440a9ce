import { checkDashboardFile } from '../../../shared/dashboard/check-dashboard-file';
import type { DashboardFile } from '../../../shared/generated/dashboard-file';
import type { ResourceFolderParts } from '../../../shared/resource/resource-folder-parts';
import { checkedJson, loadSingleFileUnits } from './single-file-units';
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

/**
 * Checks a dashboard's text by schemas:check's own check against the live resource folders (read
 * again at each call, so a candidate is judged by what is live now); throws SchemaUnitError with every problem.
 */
export function compileDashboard(name: string, text: string, folders: readonly ResourceFolderParts[]): CompiledDashboard {
  const value = checkedJson(`${DASHBOARD_SUBDIR}/${name}${SUFFIX}`, text, (parsed) =>
    checkDashboardFile(parsed, new Map(folders.map((folder) => [folder.name, folder]))),
  );
  return { name, file: value as DashboardFile };
}

/**
 * Loads `dashboards/<name>.dashboard.json`, each checked against `folders()`. A file that does not
 * check is left out like a broken folder: named in the log, /api/health and the studio, to be fixed
 * and published without a restart; the others are served.
 */
export async function loadDashboardRegistry(schemasDir: string, folders: () => readonly ResourceFolderParts[]): Promise<DashboardRegistry> {
  const { registry, live } = await loadSingleFileUnits(schemasDir, {
    kind: 'dashboard',
    subdir: DASHBOARD_SUBDIR,
    suffix: SUFFIX,
    name: NAME,
    noun: '看板',
    compile: (name, text) => compileDashboard(name, text, folders()),
    title: (dashboard) => dashboard.file.title,
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
  });
  return {
    ...registry,
    list: () => live().sort((a, b) => (a.file.order ?? 500) - (b.file.order ?? 500) || a.name.localeCompare(b.name)),
  };
}

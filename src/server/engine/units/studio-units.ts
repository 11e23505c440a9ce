import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import type { StudioUnitSummary } from '../../../shared/generated/studio-unit-summary';
import { folderVersion, isMissingDir, listFolders, readFolderTexts } from '../../lib/read-schema-folder';
import { sha256Hex } from '../../lib/sha256';
import { ACTIVITIES_SUBDIR } from './activity-registry';
import { FORM_SCHEMA_SUFFIX, FORMS_SUBDIR } from './schema-registry';
import { RESOURCES_SUBDIR } from './resource-registry';
import type { SkippedUnit } from './schema-unit-error';

export type StudioKind = StudioUnitQuery['kind'];

/** A unit's place under the schemas folder: an activity folder, or one form file. */
export function unitPath({ kind, name }: StudioUnitQuery): string {
  if (kind === 'resource') return `${RESOURCES_SUBDIR}/${name}`;
  return kind === 'activity' ? `${ACTIVITIES_SUBDIR}/${name}` : `${FORMS_SUBDIR}/${name}${FORM_SCHEMA_SUFFIX}`;
}

/** What a unit's file names are relative to, as a problem's `file` starts (schemas:check's paths). */
export function unitFilePrefix(unit: StudioUnitQuery): string {
  return unit.kind === 'form' ? `${FORMS_SUBDIR}/` : `${unitPath(unit)}/`;
}

/** The version a record remembers: readSchemaFolder's for an activity, the file's sha256 for a form. */
export function unitVersion(kind: StudioKind, texts: ReadonlyMap<string, string>): string {
  if (kind !== 'form') return folderVersion(texts);
  return sha256Hex([...texts.values()][0] ?? '');
}

/** The live version's text, or undefined for a unit that is not live (left out at start-up, or unknown). */
export function liveTexts(app: FastifyInstance, unit: StudioUnitQuery): ReadonlyMap<string, string> | undefined {
  if (unit.kind === 'resource') return app.resources.texts(unit.name);
  if (unit.kind === 'activity') return app.activities.texts(unit.name);
  const entry = app.schemaRegistry.get(unit.name);
  return entry ? new Map([[`${unit.name}${FORM_SCHEMA_SUFFIX}`, entry.text]]) : undefined;
}

/** The unit's text on disk (a unit left out at start-up is opened from here), or undefined when absent. */
export async function diskTexts(schemasDir: string, unit: StudioUnitQuery): Promise<Map<string, string> | undefined> {
  if (unit.kind !== 'form') {
    const dir = join(schemasDir, unitPath(unit));
    return (await isMissingDir(dir)) ? undefined : readFolderTexts(dir);
  }
  try {
    return new Map([[`${unit.name}${FORM_SCHEMA_SUFFIX}`, await readFile(join(schemasDir, unitPath(unit)), 'utf8')]]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Makes these texts live in this process (throws SchemaUnitError when they do not check); returns the version. */
export function installUnit(app: FastifyInstance, unit: StudioUnitQuery, texts: ReadonlyMap<string, string>): string {
  // Only what the running routes were not built from may change (live-change-problems.ts, ADR 0027).
  if (unit.kind === 'resource') return app.resources.install(unit.name, texts).version;
  if (unit.kind === 'activity') return app.activities.install(unit.name, texts).definition.version;
  return app.schemaRegistry.install(unit.name, [...texts.values()][0] ?? '').version;
}

/**
 * Writes a published unit to the schemas folder, so git, schemas:check and the next start see what is
 * live. Each file is written beside and renamed over, so a reader never sees half a file; a file the
 * folder has and the publication does not is removed.
 */
export async function writeUnitFiles(schemasDir: string, unit: StudioUnitQuery, texts: ReadonlyMap<string, string>): Promise<void> {
  const dir = unit.kind === 'form' ? join(schemasDir, FORMS_SUBDIR) : join(schemasDir, unitPath(unit));
  for (const [name, text] of texts) {
    // A resource folder's list files are in lists/.
    const target = join(dir, name);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.${basename(name)}.${process.pid}.tmp`);
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, target);
  }
  if (unit.kind === 'form') return;
  for (const name of (await readFolderTexts(dir)).keys()) {
    if (!texts.has(name)) await rm(join(dir, name), { force: true });
  }
}

function titleOf(texts: ReadonlyMap<string, string> | undefined, file: string, fallback: string): string {
  try {
    const parsed = JSON.parse(texts?.get(file) ?? '') as { title?: unknown };
    return typeof parsed.title === 'string' ? parsed.title : fallback;
  } catch {
    return fallback;
  }
}

/** Every activity folder, form file and resource folder, live or left out, with the problems of those left out. */
export async function listStudioUnits(app: FastifyInstance): Promise<StudioUnitSummary[]> {
  const { schemasDir } = app.appConfig;
  const skipped = new Map<string, SkippedUnit>([...app.activities.skipped(), ...app.schemaRegistry.skipped(), ...app.resources.skipped()].map((unit) => [unit.path, unit]));
  const activitiesDir = join(schemasDir, ACTIVITIES_SUBDIR);
  const activityNames = new Set([...app.activities.list().map((activity) => activity.definition.id), ...((await isMissingDir(activitiesDir)) ? [] : await listFolders(activitiesDir))]);
  const formNames = new Set([...app.schemaRegistry.names(), ...(await readdir(join(schemasDir, FORMS_SUBDIR))).filter((file) => file.endsWith(FORM_SCHEMA_SUFFIX)).map((file) => file.slice(0, -FORM_SCHEMA_SUFFIX.length))]);
  const resourcesDir = join(schemasDir, RESOURCES_SUBDIR);
  const resourceNames = new Set([...app.resources.list().map((resource) => resource.name), ...((await isMissingDir(resourcesDir)) ? [] : await listFolders(resourcesDir))]);
  const units: StudioUnitQuery[] = [
    ...[...activityNames].sort().map((name) => ({ kind: 'activity' as const, name })),
    ...[...formNames].sort().map((name) => ({ kind: 'form' as const, name })),
    ...[...resourceNames].sort().map((name) => ({ kind: 'resource' as const, name })),
  ];
  const titles = new Map(app.resources.list().map((resource) => [resource.name, resource.resource.title]));
  return units.map((unit) => {
    const path = unitPath(unit);
    const texts = liveTexts(app, unit);
    const title = unit.kind === 'resource' ? (titles.get(unit.name) ?? unit.name) : unit.kind === 'activity' ? titleOf(texts, 'manifest.json', unit.name) : titleOf(texts, `${unit.name}${FORM_SCHEMA_SUFFIX}`, unit.name);
    const summary: StudioUnitSummary = { ...unit, path, title, problems: skipped.get(path)?.problems ?? [] };
    if (texts) summary.version = unitVersion(unit.kind, texts);
    return summary;
  });
}

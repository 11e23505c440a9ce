import { join } from 'node:path';
import type Ajv from 'ajv';
import { and, eq, inArray } from 'drizzle-orm';
import { toActivityDefinition } from '../../../shared/activity/activity-definition';
import { checkActivityFolder } from '../../../shared/activity/check-activity-folder';
import { compileActivity, type CompiledActivity } from '../../../shared/activity/compile-activity';
import type { ActivityManifestFile } from '../../../shared/generated/activity-manifest-file';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { Db } from '../../db/database';
import { applications } from '../../db/schema';
import { folderVersion, isMissingDir, listFolders, parseSchemaFolder, readFolderTexts } from '../../lib/read-schema-folder';
import { toActivityDetail } from './activity-views';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';
import { nestedFileProblem, readUnitFolder, titleOf, unitFolderNames, writeUnitFiles } from './unit-files';
import type { UnitRegistry } from './unit-registry';

export const ACTIVITIES_SUBDIR = 'activities';

/** Every activity folder, checked and compiled at start-up, and swapped when the studio publishes one. */
export interface ActivityRegistry extends UnitRegistry<CompiledActivity> {
  list(): CompiledActivity[];
  /** A version compiled in this process (the live one, an earlier one, or one kept for pinned drafts). */
  atVersion(id: string, version: string): CompiledActivity | undefined;
  /** Compiles a version for the drafts pinned to it, without making it live. */
  keep(id: string, texts: ReadonlyMap<string, string>): CompiledActivity;
  /** The open drafts move to the published version when the publisher asks (ADR 0026). */
  moveDrafts(db: Pick<Db, 'update'>, id: string, version: string): Promise<void>;
}

/**
 * Checks and compiles one activity folder's text. Throws SchemaUnitError with every problem, as
 * `file#/pointer: 中文说明` the way schemas:check reports it, when the folder is not valid.
 */
export function compileActivityFolder(
  id: string,
  texts: ReadonlyMap<string, string>,
  ajv: Ajv = createAjv({ checked: true }),
): CompiledActivity & { texts: ReadonlyMap<string, string> } {
  const relative = `${ACTIVITIES_SUBDIR}/${id}`;
  let folder;
  try {
    folder = parseSchemaFolder(texts, relative);
  } catch (error) {
    // parseSchemaFolder names the file before '#'.
    const [, file = relative, message = (error as Error).message] = /^([^#]*)#: ([\s\S]*)$/.exec((error as Error).message) ?? [];
    throw new SchemaUnitError(relative, [{ file, pointer: '', message }]);
  }
  const problems = checkActivityFolder(id, folder.files);
  if (problems.length > 0)
    throw new SchemaUnitError(
      relative,
      problems.map((problem) => ({ ...problem, file: `${relative}/${problem.file}` })),
    );
  const definition = toActivityDefinition(folder.files.get('manifest.json') as ActivityManifestFile, folder.files, folder.version);
  try {
    return { ...compileActivity(ajv, definition), texts: folder.texts };
  } catch (error) {
    throw new SchemaUnitError(relative, [{ file: relative, pointer: '', message: `无法编译（${(error as Error).message}）` }]);
  }
}

/**
 * Loads every `activities/<id>/` folder under the schemas folder. A broken folder is left out, with
 * the file and JSON pointer of each problem (the same report as `npm run schemas:check`, which still
 * fails on it), so one mistake never takes the rest of the portal down; app.ts logs it and the health
 * details and the studio show it. Adding or editing a folder and restarting, or publishing it from
 * the studio, is all a content administrator does.
 */
export async function loadActivityRegistry(schemasDir: string): Promise<ActivityRegistry> {
  const root = join(schemasDir, ACTIVITIES_SUBDIR);
  const live = new Map<string, CompiledActivity & { texts: ReadonlyMap<string, string> }>();
  const versions = new Map<string, CompiledActivity>();
  const skipped: SkippedUnit[] = [];
  const remember = (compiled: CompiledActivity) => versions.set(`${compiled.definition.id}\u0000${compiled.definition.version}`, compiled);
  if (!(await isMissingDir(root))) {
    // One ajv for the whole start: each folder passes checkActivityFolder before it is compiled.
    const ajv = createAjv({ checked: true });
    for (const folder of await listFolders(root)) {
      try {
        const compiled = compileActivityFolder(folder, await readFolderTexts(join(root, folder)), ajv);
        live.set(compiled.definition.id, compiled);
        remember(compiled);
      } catch (error) {
        if (!(error instanceof SchemaUnitError)) throw error;
        skipped.push(error.unit);
      }
    }
  }
  const path = (id: string) => `${ACTIVITIES_SUBDIR}/${id}`;
  return {
    kind: 'activity',
    path,
    filePrefix: (id) => `${path(id)}/`,
    unitNames: () => unitFolderNames(root, live.keys()),
    get: (id) => live.get(id),
    list: () => [...live.values()],
    texts: (id) => live.get(id)?.texts,
    read: (id) => readUnitFolder(join(schemasDir, path(id))),
    write: (id, texts) => writeUnitFiles(join(schemasDir, path(id)), texts, { removeOthers: true }),
    versionOf: folderVersion,
    title: (id) => titleOf(live.get(id)?.texts, 'manifest.json', id),
    retired: (id) => live.get(id)?.definition.manifest.retired === true,
    compile: async (id, texts) => {
      const nested = nestedFileProblem(path(id), texts);
      if (nested) throw new SchemaUnitError(path(id), [nested]);
      return compileActivityFolder(id, texts);
    },
    preview: (activity, now) => ({ ...toActivityDetail(activity, now) }),
    canInstall: () => true,
    atVersion: (id, version) => versions.get(`${id}\u0000${version}`),
    install: (id, texts) => {
      // Its own ajv: two versions of one activity share step $ids.
      const compiled = compileActivityFolder(id, texts);
      live.set(id, compiled);
      remember(compiled);
      const index = skipped.findIndex((unit) => unit.path === `${ACTIVITIES_SUBDIR}/${id}`);
      if (index !== -1) skipped.splice(index, 1);
      return compiled;
    },
    keep: (id, texts) => {
      const compiled = compileActivityFolder(id, texts);
      remember(compiled);
      return compiled;
    },
    skipped: () => skipped,
    moveDrafts: async (db, id, version) => {
      await db
        .update(applications)
        .set({ schemaVersion: version })
        .where(and(eq(applications.activityId, id), inArray(applications.status, ['draft', 'returned'])));
    },
  };
}

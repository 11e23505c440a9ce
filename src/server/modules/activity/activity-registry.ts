import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toActivityDefinition } from '../../../shared/activity/activity-definition';
import { checkActivityFolder } from '../../../shared/activity/check-activity-folder';
import { compileActivity, type CompiledActivity } from '../../../shared/activity/compile-activity';
import type { ActivityManifestFile } from '../../../shared/generated/activity-manifest-file';
import { createAjv } from '../../../shared/schema/create-ajv';
import { sha256Hex } from '../../lib/sha256';

export const ACTIVITIES_SUBDIR = 'activities';

/** Every activity folder, checked and compiled once at start-up. */
export interface ActivityRegistry {
  get(id: string): CompiledActivity | undefined;
  list(): CompiledActivity[];
}

async function isMissing(dir: string): Promise<boolean> {
  try {
    await readdir(dir);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Reads one folder: file name → parsed JSON, and the sha256 over the sorted names and contents. */
async function readFolder(dir: string, relative: string): Promise<{ files: Map<string, unknown>; version: string }> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  const files = new Map<string, unknown>();
  const digest: string[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    // Name and length delimit each file, so moving text from one file to the next changes the version.
    digest.push(`${name}\u0000${text.length}\u0000${text}`);
    if (!name.endsWith('.json')) {
      files.set(name, text);
      continue;
    }
    try {
      files.set(name, JSON.parse(text) as unknown);
    } catch (error) {
      throw new Error(`${relative}/${name}#: 不是合法的 JSON（${(error as Error).message}）`, { cause: error });
    }
  }
  return { files, version: sha256Hex(digest.join('\u0000')) };
}

/**
 * Loads every `activities/<id>/` folder under the schemas folder. A broken folder stops the server
 * with the file and JSON pointer of each problem, the same report as `npm run schemas:check`, so
 * bad input is never let through later. Adding, editing or removing a folder and restarting is all
 * a content administrator does.
 */
export async function loadActivityRegistry(schemasDir: string): Promise<ActivityRegistry> {
  const root = join(schemasDir, ACTIVITIES_SUBDIR);
  const activities = new Map<string, CompiledActivity>();
  if (!(await isMissing(root))) {
    const ajv = createAjv();
    const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    for (const folder of folders) {
      const relative = `${ACTIVITIES_SUBDIR}/${folder}`;
      const { files, version } = await readFolder(join(root, folder), relative);
      const problems = checkActivityFolder(folder, files);
      if (problems.length > 0) {
        throw new Error(`活动文件夹 ${relative} 有误：\n${problems.map((problem) => `${relative}/${problem.file}#${problem.pointer}: ${problem.message}`).join('\n')}`);
      }
      const definition = toActivityDefinition(files.get('manifest.json') as ActivityManifestFile, files, version);
      try {
        activities.set(definition.id, compileActivity(ajv, definition));
      } catch (error) {
        throw new Error(`${relative}#: 无法编译（${(error as Error).message}）`, { cause: error });
      }
    }
  }
  return {
    get: (id) => activities.get(id),
    list: () => [...activities.values()],
  };
}

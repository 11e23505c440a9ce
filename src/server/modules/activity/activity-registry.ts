import { join } from 'node:path';
import { toActivityDefinition } from '../../../shared/activity/activity-definition';
import { checkActivityFolder } from '../../../shared/activity/check-activity-folder';
import { compileActivity, type CompiledActivity } from '../../../shared/activity/compile-activity';
import type { ActivityManifestFile } from '../../../shared/generated/activity-manifest-file';
import { createAjv } from '../../../shared/schema/create-ajv';
import { isMissingDir, listFolders, readSchemaFolder } from '../../lib/read-schema-folder';

export const ACTIVITIES_SUBDIR = 'activities';

/** Every activity folder, checked and compiled once at start-up. */
export interface ActivityRegistry {
  get(id: string): CompiledActivity | undefined;
  list(): CompiledActivity[];
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
  if (!(await isMissingDir(root))) {
    // Each folder passes checkActivityFolder (checkSchema on every step) before it is compiled.
    const ajv = createAjv({ checked: true });
    const folders = await listFolders(root);
    for (const folder of folders) {
      const relative = `${ACTIVITIES_SUBDIR}/${folder}`;
      const { files, version } = await readSchemaFolder(join(root, folder), relative);
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

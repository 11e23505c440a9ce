import path from 'node:path';
import { checkActivityFolder } from '../../src/shared/activity/check-activity-folder';
import { foldersLeftOutAcross } from '../../src/shared/resource/check-across-folders';
import { checkResourceFolder } from '../../src/shared/resource/check-resource-folder';
import { checkWorkflow } from '../../src/shared/resource/check-workflow';
import type { ResourceFile } from '../../src/shared/generated/resource-file';
import { resourceFolderParts, type ResourceFolderParts } from '../../src/shared/resource/resource-folder-parts';
import { checkSchema } from '../../src/shared/schema/check-schema';
import { checkDashboardFile, DASHBOARD_FILE_PATTERN } from '../../src/shared/dashboard/check-dashboard-file';
import { checkDictFile } from '../../src/shared/schema/check-dict-file';
import { checkMapFile, MAP_FILE_PATTERN } from '../../src/shared/maps/check-map-file';
import { collectDictCodes } from '../../src/shared/schema/collect-dict-codes';
import { isJsonSchema } from '../../src/shared/schema/json-schema';
import { checkNavigationFile, NAVIGATION_FILE } from '../../src/shared/site/check-navigation-file';
import { navigationPermissionIds } from '../../src/shared/site/navigation-permission-ids';
import { sitePages } from '../../src/shared/site/site-pages';
import { listSchemaFiles, readJson } from './schema-files';

export interface FileProblem {
  file: string;
  pointer: string;
  message: string;
}

/** Checks every file under the schemas folder; an empty result means the tree is good. */
export async function checkSchemaTree(schemasDir: string): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  const dictCodes = new Set<string>();
  const dictUses: { file: string; pointer: string; code: string }[] = [];
  // activities/<id>/<file> → parsed JSON, checked folder by folder after the loop.
  const activityFolders = new Map<string, Map<string, unknown>>();
  // resources/<name>/<path, lists/ included> → parsed JSON; workflows/<name>.workflow.json by name.
  const resourceFolders = new Map<string, Map<string, unknown>>();
  const sharedWorkflows = new Map<string, unknown>();
  // Every forms/<name>.schema.json, good or not: a matching folder's questionnaire must be one of them, as at server start.
  const formNames = new Set<string>();
  // The navigation names pages and permissions of the folders: checked once they are known.
  let navigation: { value: unknown } | undefined;
  // Dashboards count through the folders' lists: checked once the folders are known.
  const dashboards = new Map<string, unknown>();

  for (const file of await listSchemaFiles(schemasDir)) {
    const form = /^forms\/(.+)\.schema\.json$/.exec(file.relative);
    if (form) formNames.add(form[1] ?? '');
    const parsed = await readJson(file.absolute);
    if (!parsed.ok) {
      problems.push({ file: file.relative, pointer: '', message: parsed.message });
      continue;
    }
    if (file.relative.startsWith('meta/')) continue;
    const activity = /^activities\/([^/]+)\/([^/]+)$/.exec(file.relative);
    if (activity) {
      const [, folder = '', name = ''] = activity;
      (activityFolders.get(folder) ?? activityFolders.set(folder, new Map()).get(folder)!).set(name, parsed.value);
      if (name !== 'manifest.json' && isJsonSchema(parsed.value)) {
        for (const use of collectDictCodes(parsed.value)) dictUses.push({ file: file.relative, ...use });
      }
      continue;
    }
    const resource = /^resources\/([^/]+)\/(.+)$/.exec(file.relative);
    if (resource) {
      const [, folder = '', name = ''] = resource;
      (resourceFolders.get(folder) ?? resourceFolders.set(folder, new Map()).get(folder)!).set(name, parsed.value);
      if (name === 'record.schema.json' && isJsonSchema(parsed.value)) {
        for (const use of collectDictCodes(parsed.value)) dictUses.push({ file: file.relative, ...use });
      }
      continue;
    }
    const workflow = /^workflows\/([a-z][a-z0-9-]{0,39})\.workflow\.json$/.exec(file.relative);
    if (workflow) {
      sharedWorkflows.set(workflow[1] ?? '', parsed.value);
      problems.push(...checkWorkflow(file.relative, parsed.value));
      continue;
    }
    if (/^(forms|api)\/[a-z0-9-]+\.schema\.json$/.test(file.relative)) {
      for (const problem of checkSchema(parsed.value)) problems.push({ file: file.relative, ...problem });
      if (isJsonSchema(parsed.value)) {
        for (const use of collectDictCodes(parsed.value)) dictUses.push({ file: file.relative, ...use });
        if (file.relative.startsWith('forms/'))
          problems.push(...engineOnlyKeywords(parsed.value, '').map((problem) => ({ file: file.relative, ...problem })));
      }
    } else if (/^dicts\/[a-z0-9_]+\.json$/.test(file.relative)) {
      const dictProblems = checkDictFile(parsed.value);
      if (dictProblems.length > 0) {
        for (const problem of dictProblems) problems.push({ file: file.relative, ...problem });
        continue;
      }
      const code = (parsed.value as { code: string }).code;
      if (`${code}.json` !== path.posix.basename(file.relative)) {
        problems.push({ file: file.relative, pointer: '/code', message: `字典编码 "${code}" 应与文件名一致（${code}.json）` });
      }
      dictCodes.add(code);
    } else if (file.relative === NAVIGATION_FILE) {
      navigation = { value: parsed.value };
    } else if (DASHBOARD_FILE_PATTERN.test(file.relative)) {
      dashboards.set(file.relative, parsed.value);
    } else if (MAP_FILE_PATTERN.test(file.relative)) {
      for (const problem of checkMapFile(parsed.value)) problems.push({ file: file.relative, ...problem });
    } else {
      problems.push({
        file: file.relative,
        pointer: '',
        message:
          '不认识的文件位置或文件名：表单放在 forms/<名称>.schema.json（小写字母、数字和连字符），接口请求放在 api/<名称>.schema.json，字典放在 dicts/<编码>.json，申报活动放在 activities/<活动编号>/ 文件夹（manifest.json 和每个步骤的 <步骤>.schema.json），资源放在 resources/<资源名>/ 文件夹，共享工作流放在 workflows/<名称>.workflow.json，区划地图放在 maps/<名称>.geo.json，站点导航放在 site/navigation.json，统计看板放在 dashboards/<名称>.dashboard.json',
      });
    }
  }
  for (const [folder, files] of activityFolders) {
    for (const problem of checkActivityFolder(folder, files)) problems.push({ ...problem, file: `activities/${folder}/${problem.file}` });
  }
  const aliasOwners = new Map<string, string>();
  const goodFolders = new Map<string, ResourceFolderParts>();
  for (const [folder, files] of resourceFolders) {
    const folderProblems = checkResourceFolder(folder, files, sharedWorkflows);
    for (const problem of folderProblems) problems.push({ ...problem, file: `resources/${folder}/${problem.file}` });
    if (folderProblems.length > 0) continue;
    goodFolders.set(folder, resourceFolderParts(folder, files, sharedWorkflows));
    // Two folders answering the same path would stop the server at start: say which.
    ((files.get('resource.json') as ResourceFile).aliases ?? []).forEach((alias, index) => {
      const key = `${alias.method} ${alias.path}`;
      const owner = aliasOwners.get(key);
      if (owner)
        problems.push({
          file: `resources/${folder}/resource.json`,
          pointer: `/aliases/${index}/path`,
          message: `接口 ${key} 已由资源 "${owner}" 使用`,
        });
      else aliasOwners.set(key, folder);
    });
  }
  // The checks that compare folders with each other, as the server runs them at start: a folder they
  // refuse is left out there, and fails here.
  for (const { problems: across } of foldersLeftOutAcross(goodFolders, formNames)) problems.push(...across);
  if (navigation) {
    const folders = [...goodFolders.values()];
    for (const problem of checkNavigationFile(navigation.value, sitePages(folders), navigationPermissionIds(folders)))
      problems.push({ file: NAVIGATION_FILE, ...problem });
  }
  for (const [file, value] of dashboards) {
    for (const problem of checkDashboardFile(value, goodFolders)) problems.push({ file, ...problem });
  }
  for (const use of dictUses) {
    if (!dictCodes.has(use.code)) {
      problems.push({
        file: use.file,
        pointer: use.pointer,
        message: `x-dict 引用的字典 "${use.code}" 不存在（应有 dicts/${use.code}.json）`,
      });
    }
  }
  return problems;
}

/**
 * x-unique and x-upload need the engine's record pipeline (activities and resources); a plain form's
 * route would silently ignore them, so they are refused there.
 */
function engineOnlyKeywords(node: unknown, pointer: string): { pointer: string; message: string }[] {
  if (!isJsonSchema(node)) return [];
  const found: { pointer: string; message: string }[] = [];
  for (const keyword of ['x-unique', 'x-upload']) {
    if (node[keyword] !== undefined)
      found.push({
        pointer: `${pointer}/${keyword}`,
        message: `${keyword} 只在申报活动的步骤和资源记录中生效，普通表单（forms/）不能使用`,
      });
  }
  for (const [name, child] of Object.entries(node.properties ?? {}))
    found.push(...engineOnlyKeywords(child, `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  if (isJsonSchema(node.items)) found.push(...engineOnlyKeywords(node.items, `${pointer}/items`));
  return found;
}

export function formatProblem(problem: FileProblem): string {
  return `${problem.file}#${problem.pointer}: ${problem.message}`;
}

import path from 'node:path';
import { checkActivityFolder } from '../../src/shared/activity/check-activity-folder';
import { checkSchema } from '../../src/shared/schema/check-schema';
import { checkDictFile } from '../../src/shared/schema/check-dict-file';
import { collectDictCodes } from '../../src/shared/schema/collect-dict-codes';
import { isJsonSchema } from '../../src/shared/schema/json-schema';
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

  for (const file of await listSchemaFiles(schemasDir)) {
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
    if (/^(forms|api)\/[a-z0-9-]+\.schema\.json$/.test(file.relative)) {
      for (const problem of checkSchema(parsed.value)) problems.push({ file: file.relative, ...problem });
      if (isJsonSchema(parsed.value)) {
        for (const use of collectDictCodes(parsed.value)) dictUses.push({ file: file.relative, ...use });
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
    } else {
      problems.push({
        file: file.relative,
        pointer: '',
        message:
          '不认识的文件位置或文件名：表单放在 forms/<名称>.schema.json（小写字母、数字和连字符），接口请求放在 api/<名称>.schema.json，字典放在 dicts/<编码>.json，申报活动放在 activities/<活动编号>/ 文件夹（manifest.json 和每个步骤的 <步骤>.schema.json）',
      });
    }
  }
  for (const [folder, files] of activityFolders) {
    for (const problem of checkActivityFolder(folder, files)) problems.push({ ...problem, file: `activities/${folder}/${problem.file}` });
  }
  for (const use of dictUses) {
    if (!dictCodes.has(use.code)) {
      problems.push({ file: use.file, pointer: use.pointer, message: `x-dict 引用的字典 "${use.code}" 不存在（应有 dicts/${use.code}.json）` });
    }
  }
  return problems;
}

export function formatProblem(problem: FileProblem): string {
  return `${problem.file}#${problem.pointer}: ${problem.message}`;
}

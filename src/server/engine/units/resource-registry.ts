import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResourceFile } from '../../../shared/generated/resource-file';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import { checkResourceFolder, listNameOf } from '../../../shared/resource/check-resource-folder';
import { checkWorkflow } from '../../../shared/resource/check-workflow';
import { maskedFieldsOf } from '../../../shared/resource/masked-fields-of';
import { RECORD_FILE, RESOURCE_FILE, WORKFLOW_FILE } from '../../../shared/resource/resource-definition';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { isMissingDir, listFolders, parseSchemaFolder, readFolderTexts } from '../../lib/read-schema-folder';
import { readJsonFile } from '../../lib/read-json-file';
import { sha256Hex } from '../../lib/sha256';
import { createRecordIndexer } from '../../services/search/record-indexer';
import { SEGMENTER_VERSION } from '../../services/search/word-segmenter';
import { createRecordSealer, type RecordSealer } from './record-seal';
import type { CompiledResource } from './compiled-resource';
import { liveChangeProblems } from './live-change-problems';
import { SchemaUnitError, type SkippedUnit } from './schema-unit-error';

export const RESOURCES_SUBDIR = 'resources';
export const WORKFLOWS_SUBDIR = 'workflows';
const WORKFLOW_SUFFIX = '.workflow.json';

export type { CompiledResource } from './compiled-resource';

export interface ResourceRegistry {
  get(name: string): CompiledResource | undefined;
  list(): CompiledResource[];
  /** The permission ids the folders declare, for route access's start-up check. */
  permissionIds(): string[];
  /** The folders left out at start-up, each with its problems (logged, and in the health details). */
  skipped(): readonly SkippedUnit[];
  /** A live folder's text, as its files held it at start-up or its last publication. */
  texts(name: string): ReadonlyMap<string, string> | undefined;
  /**
   * A candidate for a live folder, compiled and checked alone, across folders with it in place, and
   * against what the running routes were built from; throws SchemaUnitError with every problem.
   */
  check(name: string, texts: ReadonlyMap<string, string>): CompiledResource;
  /** Checks a candidate and makes it live: the folder's object keeps its identity, so every route registered with it serves the new content. */
  install(name: string, texts: ReadonlyMap<string, string>): CompiledResource;
}

export async function loadSharedWorkflows(schemasDir: string): Promise<Map<string, unknown>> {
  const dir = join(schemasDir, WORKFLOWS_SUBDIR);
  const workflows = new Map<string, unknown>();
  if (await isMissingDir(dir)) return workflows;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith(WORKFLOW_SUFFIX)).sort()) {
    const relative = `${WORKFLOWS_SUBDIR}/${file}`;
    const value = await readJsonFile(join(dir, file), relative);
    const problems = checkWorkflow(relative, value);
    if (problems.length > 0) throw new Error(`共享工作流 ${relative} 有误：\n${problems.map((problem) => `${problem.file}#${problem.pointer}: ${problem.message}`).join('\n')}`);
    workflows.set(file.slice(0, -WORKFLOW_SUFFIX.length), value);
  }
  return workflows;
}

function compileResource(name: string, files: Map<string, unknown>, version: string, sharedWorkflows: Map<string, unknown>, sealer: RecordSealer | undefined): CompiledResource {
  const resource = files.get(RESOURCE_FILE) as ResourceFile;
  const record = files.get(RECORD_FILE) as JsonSchema;
  const workflow = (resource.workflow === undefined ? files.get(WORKFLOW_FILE) : sharedWorkflows.get(resource.workflow)) as WorkflowFile;
  const lists: Record<string, ResourceListFile> = {};
  for (const [file, value] of files) {
    const listName = listNameOf(file);
    if (listName !== undefined) lists[listName] = value as ResourceListFile;
  }
  const properties = Object.entries(record.properties ?? {});
  return {
    name,
    resource,
    record,
    workflow,
    lists,
    // A shared workflow is part of what a record was checked against.
    version: resource.workflow === undefined ? version : sha256Hex(`${version}\u0000${JSON.stringify(workflow)}`),
    // checkResourceFolder has run checkSchema on the record schema.
    validate: createAjv({ checked: true }).compile(record),
    uniqueFields: properties.filter(([, node]) => node['x-unique'] === true).map(([field]) => field),
    captchaField: properties.find(([, node]) => node['x-component'] === 'Captcha')?.[0],
    sealer: resource.seal === true ? sealer : undefined,
    indexer: resource.search && resource.visitors ? createRecordIndexer(name, resource.search, resource.visitors.states, sha256Hex(`${SEGMENTER_VERSION}\n${JSON.stringify(resource.search)}`)) : undefined,
    maskedFields: maskedFieldsOf(record),
  };
}

/** A folder's problems, each written `file#/pointer: 中文说明`, as the error that leaves it out. */
function folderError(name: string, lines: readonly string[]): SchemaUnitError {
  return new SchemaUnitError(
    `${RESOURCES_SUBDIR}/${name}`,
    lines.map((line) => {
      const [, file = `${RESOURCES_SUBDIR}/${name}`, pointer = '', message = line] = /^([^#]*)#([^:]*): ([\s\S]*)$/.exec(line) ?? [];
      return { file, pointer, message };
    }),
  );
}

/**
 * Checks and compiles one resource folder's text on its own (the checks across folders need the
 * others); throws SchemaUnitError with every problem as schemas:check words it.
 */
export function compileResourceFolder(name: string, texts: ReadonlyMap<string, string>, sharedWorkflows: ReadonlyMap<string, unknown>, sealer?: RecordSealer): CompiledResource {
  const relative = `${RESOURCES_SUBDIR}/${name}`;
  let read;
  try {
    read = parseSchemaFolder(texts, relative);
  } catch (error) {
    throw folderError(name, [(error as Error).message]);
  }
  const problems = checkResourceFolder(name, read.files, sharedWorkflows);
  if (problems.length > 0) throw new SchemaUnitError(relative, problems.map((problem) => ({ ...problem, file: `${relative}/${problem.file}` })));
  try {
    return compileResource(name, read.files, read.version, new Map(sharedWorkflows), sealer);
  } catch (error) {
    throw new SchemaUnitError(relative, [{ file: `${relative}/${RECORD_FILE}`, pointer: '', message: `无法编译（${(error as Error).message}）` }]);
  }
}

/** Two folders may not place a page at the same path: the browser could show only one of them. */
function checkPagesAcrossFolders(resources: readonly CompiledResource[]): void {
  const owners = new Map<string, string>();
  for (const resource of resources) {
    (resource.resource.pages ?? []).forEach((page, index) => {
      const owner = owners.get(page.path);
      if (owner !== undefined) throw folderError(resource.name, [`${RESOURCES_SUBDIR}/${resource.name}/${RESOURCE_FILE}#/pages/${index}/path: 页面 ${page.path} 已由资源 "${owner}" 使用`]);
      owners.set(page.path, resource.name);
    });
  }
}

/** A field's suggestions (x-suggest) come from a list that exists and filters by that field. */
function checkSuggestionsAcrossFolders(resources: ReadonlyMap<string, CompiledResource>): void {
  for (const resource of resources.values()) {
    for (const [field, node] of Object.entries(resource.record.properties ?? {})) {
      const suggest = node['x-suggest'];
      if (!suggest) continue;
      const where = `${RESOURCES_SUBDIR}/${resource.name}/${RECORD_FILE}#/properties/${field}/x-suggest`;
      const list = resources.get(suggest.resource)?.lists[suggest.list];
      if (!list) throw folderError(resource.name, [`${where}: 没有资源 "${suggest.resource}" 的列表 "${suggest.list}"`]);
      if (!(list.filters ?? []).some((filter) => filter.field === suggest.field)) {
        throw folderError(resource.name, [`${where}: 列表 "${suggest.resource}/${suggest.list}" 没有按 "${suggest.field}" 筛选，无法给出提示`]);
      }
    }
  }
}

/** A folder's target (a repair's credit record) is another folder's record, matched by text fields, changed by its system transitions. */
function checkTargetsAcrossFolders(resources: ReadonlyMap<string, CompiledResource>): void {
  for (const resource of resources.values()) {
    const target = resource.resource.target;
    if (!target) continue;
    const problems: string[] = [];
    const at = `${RESOURCES_SUBDIR}/${resource.name}/${RESOURCE_FILE}#/target`;
    const other = resources.get(target.resource);
    if (resource.resource.source !== undefined) problems.push(`${at}: 记录来自服务器模块的资源不能写 target`);
    if (!other || other.resource.source !== undefined) problems.push(`${at}/resource: 没有由引擎保存记录的资源 "${target.resource}"`);
    const isText = (record: JsonSchema, field: string): boolean => record.properties?.[field]?.type === 'string';
    target.match.forEach((pair, index) => {
      if (!isText(resource.record, pair.field)) problems.push(`${at}/match/${index}/field: "${pair.field}" 应是 record.schema.json 顶层的文本字段`);
      if (other && pair.targetField !== 'id' && !isText(other.record, pair.targetField)) problems.push(`${at}/match/${index}/targetField: "${pair.targetField}" 应是资源 "${target.resource}" 记录顶层的文本字段，或 id（记录编号）`);
    });
    const first = target.match[0]?.field;
    if (first !== undefined && !(resource.record.required ?? []).includes(first)) problems.push(`${at}/match/0/field: 第一个匹配字段 "${first}" 应为必填，错误提示显示在这个字段上`);
    for (const key of ['from', 'to'] as const) {
      const field = target.window?.[key];
      if (field !== undefined && other && (other.record.properties?.[field]?.type !== 'string' || other.record.properties[field]?.format !== 'date-time')) problems.push(`${at}/window/${key}: "${field}" 应是资源 "${target.resource}" 记录顶层的日期时间字段（format 为 date-time）`);
    }
    target.states.forEach((state, index) => {
      if (other && !Object.hasOwn(other.workflow.states, state)) problems.push(`${at}/states/${index}: 资源 "${target.resource}" 的工作流没有状态 "${state}"`);
    });
    target.effects.forEach((effect, index) => {
      if (!Object.hasOwn(resource.workflow.states, effect.state)) problems.push(`${at}/effects/${index}/state: 状态 "${effect.state}" 没有在工作流中定义`);
      const transition = other?.workflow.transitions[effect.transition];
      if (other && transition?.actor !== 'system') problems.push(`${at}/effects/${index}/transition: 资源 "${target.resource}" 的工作流中没有由系统执行（actor 为 "system"）的流转 "${effect.transition}"`);
    });
    if (problems.length > 0) throw folderError(resource.name, problems);
  }
}

/** The checks across folders that need no disk: each throws SchemaUnitError naming the folder at fault. */
function checkAcrossFolders(resources: ReadonlyMap<string, CompiledResource>): void {
  checkPagesAcrossFolders([...resources.values()]);
  checkSuggestionsAcrossFolders(resources);
  checkTargetsAcrossFolders(resources);
  checkInterestsAcrossFolders(resources);
}

/** A matching folder's questionnaire is a form of schemas/forms (the forms load on their own; this names the folder that wants a missing one). */
async function checkMatchingFormsAcrossFolders(schemasDir: string, resources: ReadonlyMap<string, CompiledResource>): Promise<void> {
  for (const resource of resources.values()) {
    const form = resource.resource.matching?.form;
    if (form === undefined) continue;
    const found = await access(join(schemasDir, 'forms', `${form}.schema.json`)).then(
      () => true,
      () => false,
    );
    if (!found) throw folderError(resource.name, [`${RESOURCES_SUBDIR}/${resource.name}/${RESOURCE_FILE}#/matching/form: 找不到问卷表单 "${form}"（应有 forms/${form}.schema.json）`]);
  }
}

/** A list's interests (the recommended news) come from the same dictionary's field of a folder whose records are each user's own. */
function checkInterestsAcrossFolders(resources: ReadonlyMap<string, CompiledResource>): void {
  for (const resource of resources.values()) {
    for (const [listName, list] of Object.entries(resource.lists)) {
      const interests = list.interests;
      if (!interests) continue;
      const at = `${RESOURCES_SUBDIR}/${resource.name}/lists/${listName}.list.json#/interests`;
      const other = resources.get(interests.resource);
      const from = other?.record.properties?.[interests.from];
      const dict = resource.record.properties?.[interests.field]?.['x-dict'];
      if (!other || other.resource.owner !== 'user' || other.resource.source !== undefined) throw folderError(resource.name, [`${at}/resource: 没有记录属于用户本人（owner 为 "user"）的资源 "${interests.resource}"`]);
      if (from?.type !== 'array' || from['x-dict'] !== dict) throw folderError(resource.name, [`${at}/from: "${interests.from}" 应是资源 "${interests.resource}" 记录顶层、字典为 "${dict ?? ''}" 的多选字段`]);
    }
  }
}

/**
 * Loads every `resources/<name>/` folder under the schemas folder, with the shared workflows it may
 * name. A broken folder is left out with each problem as `file#/pointer: 中文说明`, the same report
 * as `npm run schemas:check` (which still fails on it), so the rest of the portal runs; app.ts logs it
 * and the health details list it. A broken shared workflow still stops the start: every folder that
 * names it would be wrong. Adding a folder and restarting is all a content administrator does.
 */
export async function loadResourceRegistry(schemasDir: string, options: { sealKey?: Buffer } = {}): Promise<ResourceRegistry> {
  const sealer = options.sealKey ? createRecordSealer(options.sealKey) : undefined;
  const root = join(schemasDir, RESOURCES_SUBDIR);
  const resources = new Map<string, CompiledResource>();
  const texts = new Map<string, ReadonlyMap<string, string>>();
  const skipped: SkippedUnit[] = [];
  const sharedWorkflows = await loadSharedWorkflows(schemasDir);
  if (!(await isMissingDir(root))) {
    for (const folder of await listFolders(root)) {
      try {
        const folderTexts = await readFolderTexts(join(root, folder));
        texts.set(folder, folderTexts);
        resources.set(folder, compileResourceFolder(folder, folderTexts, sharedWorkflows, sealer));
      } catch (error) {
        if (!(error instanceof SchemaUnitError)) throw error;
        skipped.push(error.unit);
      }
    }
  }
  // A folder that fails a check across folders is left out too, and the checks run again without it:
  // another folder may have named it.
  for (;;) {
    try {
      checkAcrossFolders(resources);
      await checkMatchingFormsAcrossFolders(schemasDir, resources);
      break;
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      resources.delete(error.unit.path.slice(RESOURCES_SUBDIR.length + 1));
      skipped.push(error.unit);
    }
  }
  for (const name of texts.keys()) if (!resources.has(name)) texts.delete(name);

  const check = (name: string, candidateTexts: ReadonlyMap<string, string>): CompiledResource => {
    const live = resources.get(name);
    if (!live) throw new Error(`resource folder ${name} is not live`);
    const candidate = compileResourceFolder(name, candidateTexts, sharedWorkflows, sealer);
    const problems = liveChangeProblems(live, candidate);
    if (problems.length > 0) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${name}`, problems);
    // The other folders as they are, with this one replaced: one of them may name a list or a state it no longer has.
    checkAcrossFolders(new Map([...resources, [name, candidate]]));
    return candidate;
  };
  return {
    get: (name) => resources.get(name),
    list: () => [...resources.values()],
    permissionIds: () => [...new Set([...resources.values()].map((entry) => entry.resource.permission))],
    skipped: () => skipped,
    texts: (name) => texts.get(name),
    check,
    install: (name, candidateTexts) => {
      const candidate = check(name, candidateTexts);
      const live = resources.get(name)!;
      // Its sealer and indexer were handed to the search and the seal checks at start-up; the candidate's are the same.
      Object.assign(live, { ...candidate, sealer: live.sealer, indexer: live.indexer });
      texts.set(name, new Map(candidateTexts));
      return live;
    },
  };
}

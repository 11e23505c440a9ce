import { readdir } from 'node:fs/promises';
import { MASKS, type MaskName } from '../../../shared/rules/mask';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { ResourceFile } from '../../../shared/generated/resource-file';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import { checkResourceFolder, listNameOf } from '../../../shared/resource/check-resource-folder';
import { checkWorkflow } from '../../../shared/resource/check-workflow';
import { RECORD_FILE, RESOURCE_FILE, WORKFLOW_FILE, type ResourceDefinition } from '../../../shared/resource/resource-definition';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { isMissingDir, listFolders, readSchemaFolder } from '../../lib/read-schema-folder';
import { readJsonFile } from '../../lib/read-json-file';
import { sha256Hex } from '../../lib/sha256';

export const RESOURCES_SUBDIR = 'resources';
export const WORKFLOWS_SUBDIR = 'workflows';
const WORKFLOW_SUFFIX = '.workflow.json';

/** A resource folder, checked and compiled once at start-up. */
export interface CompiledResource extends ResourceDefinition {
  /** The record schema, compiled by the shared ajv factory. */
  validate: ValidateFunction;
  /** The top-level properties marked x-unique. */
  uniqueFields: string[];
  /** The top-level Captcha field, if the record has one: checked last, never stored. */
  captchaField: string | undefined;
  /** Top-level fields shown masked (x-mask, SECURITY R35), with their mask. */
  maskedFields: [string, MaskName][];
}

export interface ResourceRegistry {
  get(name: string): CompiledResource | undefined;
  list(): CompiledResource[];
  /** The permission ids the folders declare, for route access's start-up check. */
  permissionIds(): string[];
}

async function loadSharedWorkflows(schemasDir: string): Promise<Map<string, unknown>> {
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

function compileResource(name: string, files: Map<string, unknown>, version: string, sharedWorkflows: Map<string, unknown>): CompiledResource {
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
    validate: createAjv().compile(record),
    uniqueFields: properties.filter(([, node]) => node['x-unique'] === true).map(([field]) => field),
    captchaField: properties.find(([, node]) => node['x-component'] === 'Captcha')?.[0],
    maskedFields: properties.flatMap(([field, node]) => (typeof node['x-mask'] === 'string' && Object.hasOwn(MASKS, node['x-mask']) ? [[field, node['x-mask'] as MaskName] as [string, MaskName]] : [])),
  };
}

/** Two folders may not place a page at the same path: the browser could show only one of them. */
function checkPagesAcrossFolders(resources: readonly CompiledResource[]): void {
  const owners = new Map<string, string>();
  for (const resource of resources) {
    (resource.resource.pages ?? []).forEach((page, index) => {
      const owner = owners.get(page.path);
      if (owner !== undefined) throw new Error(`资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${RESOURCES_SUBDIR}/${resource.name}/${RESOURCE_FILE}#/pages/${index}/path: 页面 ${page.path} 已由资源 "${owner}" 使用`);
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
      if (!list) throw new Error(`资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${where}: 没有资源 "${suggest.resource}" 的列表 "${suggest.list}"`);
      if (!(list.filters ?? []).some((filter) => filter.field === suggest.field)) {
        throw new Error(`资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${where}: 列表 "${suggest.resource}/${suggest.list}" 没有按 "${suggest.field}" 筛选，无法给出提示`);
      }
    }
  }
}

/**
 * Loads every `resources/<name>/` folder under the schemas folder, with the shared workflows it may
 * name. A broken folder stops the server with each problem as `file#/pointer: 中文说明`, the same
 * report as `npm run schemas:check`. Adding a folder and restarting is all a content administrator does.
 */
export async function loadResourceRegistry(schemasDir: string): Promise<ResourceRegistry> {
  const root = join(schemasDir, RESOURCES_SUBDIR);
  const resources = new Map<string, CompiledResource>();
  const sharedWorkflows = await loadSharedWorkflows(schemasDir);
  if (!(await isMissingDir(root))) {
    for (const folder of await listFolders(root)) {
      const relative = `${RESOURCES_SUBDIR}/${folder}`;
      const { files, version } = await readSchemaFolder(join(root, folder), relative);
      const problems = checkResourceFolder(folder, files, sharedWorkflows);
      if (problems.length > 0) {
        throw new Error(`资源文件夹 ${relative} 有误：\n${problems.map((problem) => `${relative}/${problem.file}#${problem.pointer}: ${problem.message}`).join('\n')}`);
      }
      try {
        resources.set(folder, compileResource(folder, files, version, sharedWorkflows));
      } catch (error) {
        throw new Error(`${relative}/${RECORD_FILE}#: 无法编译（${(error as Error).message}）`, { cause: error });
      }
    }
  }
  checkPagesAcrossFolders([...resources.values()]);
  checkSuggestionsAcrossFolders(resources);
  return {
    get: (name) => resources.get(name),
    list: () => [...resources.values()],
    permissionIds: () => [...new Set([...resources.values()].map((entry) => entry.resource.permission))],
  };
}

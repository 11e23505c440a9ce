import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import type { JsonSchema } from '../schema/json-schema';
import { listNameOf } from './check-resource-folder';
import { RECORD_FILE, RESOURCE_FILE, WORKFLOW_FILE, type ResourceDefinition } from './resource-definition';

/** What the checks across folders read of a folder: the same parts the server compiles and schemas:check parses. */
export type ResourceFolderParts = Pick<ResourceDefinition, 'name' | 'resource' | 'record' | 'workflow' | 'lists'>;

/**
 * A folder's parts from its parsed files, once checkResourceFolder has found no problem in them (so
 * each file has its shape); the workflow is the folder's own or the shared one resource.json names.
 */
export function resourceFolderParts(
  name: string,
  files: ReadonlyMap<string, unknown>,
  sharedWorkflows: ReadonlyMap<string, unknown>,
): ResourceFolderParts {
  const resource = files.get(RESOURCE_FILE) as ResourceFile;
  const lists: Record<string, ResourceListFile> = {};
  for (const [file, value] of files) {
    const listName = listNameOf(file);
    if (listName !== undefined) lists[listName] = value as ResourceListFile;
  }
  return {
    name,
    resource,
    record: files.get(RECORD_FILE) as JsonSchema,
    workflow: (resource.workflow === undefined ? files.get(WORKFLOW_FILE) : sharedWorkflows.get(resource.workflow)) as WorkflowFile,
    lists,
  };
}

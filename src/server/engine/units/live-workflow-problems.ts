import { RESOURCE_FILE, WORKFLOW_FILE } from '../../../shared/resource/resource-definition';
import { firstDifference } from '../../../shared/schema/first-difference';
import { sharedWorkflowPath } from '../../../shared/resource/shared-workflow-path';
import type { CompiledResource } from './compiled-resource';

/**
 * Where a folder's workflow is written, as a path under the schemas folder: its own workflow.json, or
 * resource.json's `workflow` naming a shared file. A shared workflow weighed as a unit of its own
 * (ADR 0053) places its problems in that file, where its author is typing.
 */
export function workflowPlace(resource: CompiledResource, pointer: string, inSharedFile = false): { file: string; pointer: string } {
  const shared = resource.resource.workflow;
  if (shared === undefined) return { file: `resources/${resource.name}/${WORKFLOW_FILE}`, pointer };
  return inSharedFile
    ? { file: sharedWorkflowPath(shared), pointer }
    : { file: `resources/${resource.name}/${RESOURCE_FILE}`, pointer: '/workflow' };
}

/**
 * What a publication may not change of a folder's workflow whatever its records (ADR 0044): the
 * workflow of a folder whose records a module keeps (resource.json `source`) is that module's code,
 * which takes the transitions it was written for; only its texts change live. Every other folder's
 * states and transitions are read live by its routes, so the rest is weighed against its stored
 * records and the roles (workflow-record-problems.ts). `withoutTexts` drops titles and English texts.
 */
export function liveWorkflowProblems(
  live: CompiledResource,
  candidate: CompiledResource,
  withoutTexts: (value: unknown) => unknown,
  inSharedFile = false,
): { file: string; pointer: string; message: string }[] {
  const change = firstDifference(withoutTexts(live.workflow), withoutTexts(candidate.workflow));
  if (change === undefined || live.resource.source === undefined) return [];
  return [
    {
      ...workflowPlace(live, change, inSharedFile),
      message: `数据来源 "${live.resource.source}" 的记录由它的模块按代码中的流转处理，工作流只有标题和英文文本可以修改；增删状态或流转要修改该模块的代码`,
    },
  ];
}

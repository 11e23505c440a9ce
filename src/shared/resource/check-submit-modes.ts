import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { WorkflowFile } from '../generated/workflow-file';
import { RESOURCE_FILE } from './resource-definition';
import { submitTransitionOf } from './submit-transition-of';
import { isEditableState } from './workflow-rules';

/**
 * A form's submitMode (resource.json, and its pages of page new): draft keeps a record in the
 * workflow's initial state until 提交审核 takes the owner's transition out of it, so that state must be
 * editable and have such a transition; otherwise 提交审核 would have nothing to do.
 */
export function checkSubmitModes(resource: ResourceFile, workflow: WorkflowFile, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  const draftable = isEditableState(workflow, workflow.initial) && submitTransitionOf(workflow, workflow.initial) !== undefined;
  const refusal = `draft（保存草稿与提交审核）需要工作流的初始状态 "${workflow.initial}" 可编辑（editable），并有所有者（actor owner）把记录从它提交出去的流转`;
  if (resource.submitMode === 'draft' && !draftable) add('/submitMode', refusal);
  if (resource.source !== undefined && resource.submitMode !== undefined)
    add('/submitMode', `记录来自服务器模块 "${resource.source}"，引擎不提供表单`);
  (resource.pages ?? []).forEach((page, index) => {
    if (page.submitMode === undefined) return;
    if (page.page !== 'new') add(`/pages/${index}/submitMode`, '只有 page 为 "new" 的表单页面才写 submitMode');
    else if (page.submitMode === 'draft' && !draftable) add(`/pages/${index}/submitMode`, refusal);
  });
}

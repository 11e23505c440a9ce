import type { WorkflowFile } from '../generated/workflow-file';
import { isEditableState } from './workflow-rules';

/**
 * The transition a form's 提交 or 提交审核 takes after saving a record in `state` (resource.json
 * submitMode): the first of the owner's transitions from that state that leads out of the editable
 * states (a draft's 提交申请 to 待审核). None where the record is already sent (a need starts pending).
 */
export function submitTransitionOf(workflow: WorkflowFile, state: string): string | undefined {
  return Object.entries(workflow.transitions).find(
    ([, transition]) =>
      transition !== undefined &&
      transition.actor === 'owner' &&
      transition.from.includes(state) &&
      transition.to !== undefined &&
      transition.to !== state &&
      !isEditableState(workflow, transition.to),
  )?.[0];
}

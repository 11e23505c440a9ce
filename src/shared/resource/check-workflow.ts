import type { ValidateFunction } from 'ajv';
import workflowMetaSchema from '../../../schemas/meta/workflow.schema.json';
import type { FolderProblem } from '../activity/check-activity-folder';
import type { WorkflowFile } from '../generated/workflow-file';
import { authoringMessage } from '../schema/authoring-message';
import { createAjv } from '../schema/create-ajv';

let validateWorkflow: ValidateFunction<WorkflowFile> | undefined;

/**
 * Every problem in one workflow file: its meta-schema, then the references between its parts (the
 * initial state, each transition's from and to, a reviewer transition's permission action, a waitsFor
 * state that its waiter can leave).
 */
export function checkWorkflow(file: string, value: unknown): FolderProblem[] {
  validateWorkflow ??= createAjv().compile<WorkflowFile>(workflowMetaSchema);
  if (!validateWorkflow(value)) {
    return (validateWorkflow.errors ?? []).map((error) => ({ file, pointer: error.instancePath, message: authoringMessage(error) }));
  }
  const problems: FolderProblem[] = [];
  const add = (pointer: string, message: string): void => void problems.push({ file, pointer, message });
  const states = Object.keys(value.states);
  const stateList = states.join('、');
  if (!states.includes(value.initial)) add('/initial', `初始状态 "${value.initial}" 没有在 states 中定义（已定义：${stateList}）`);
  for (const [name, transition] of Object.entries(value.transitions)) {
    if (!transition) continue;
    const at = `/transitions/${name}`;
    transition.from.forEach((state, index) => {
      if (!states.includes(state)) add(`${at}/from/${index}`, `状态 "${state}" 没有在 states 中定义（已定义：${stateList}）`);
    });
    if (transition.to !== undefined && !states.includes(transition.to))
      add(`${at}/to`, `状态 "${transition.to}" 没有在 states 中定义（已定义：${stateList}）`);
    if (transition.actor === 'reviewer' && transition.permission === undefined)
      add(at, `审核人操作 "${name}" 缺少 permission（需要的权限动作，如 "update"）`);
    if (transition.actor === 'owner' && transition.permission !== undefined)
      add(`${at}/permission`, `"${name}" 由记录的所有者操作，不需要 permission`);
  }
  // The workbench counts a waitsFor state as somebody's work: someone of that kind must be able to move it on.
  const leaves = (state: string, actors: readonly string[]): boolean =>
    Object.values(value.transitions).some(
      (transition) => transition !== undefined && transition.from.includes(state) && actors.includes(transition.actor),
    );
  for (const [state, entry] of Object.entries(value.states)) {
    if (entry?.waitsFor === 'staff' && !leaves(state, ['reviewer', 'orgAdmin']))
      add(
        `/states/${state}/waitsFor`,
        `状态 "${state}" 标为等待工作人员处理，但没有从它出发的审核人（reviewer）或单位管理员（orgAdmin）操作`,
      );
    if (entry?.waitsFor === 'owner' && !leaves(state, ['owner']))
      add(`/states/${state}/waitsFor`, `状态 "${state}" 标为等待所有者处理，但没有从它出发的所有者（owner）操作`);
  }
  return problems;
}

import { sharedWorkflowPath } from '../../../shared/resource/shared-workflow-path';
import type { CompiledResource } from './compiled-resource';
import { withoutTexts } from './live-change-problems';
import { liveWorkflowProblems } from './live-workflow-problems';
import type { UnitProblem } from './schema-unit-error';

/** A problem of one of the folders a shared workflow is weighed for, saying which folder (the author edits one file for several). */
export function namingFolder(folder: CompiledResource, problem: UnitProblem): UnitProblem {
  return { ...problem, message: `资源文件夹「${folder.resource.title}」（${folder.name}）：${problem.message}` };
}

/**
 * What a shared workflow's candidate may not change of one folder that names it, whatever its records
 * (ADR 0053), placed in the shared file: what a publication of the folder's own workflow may not change
 * (live-workflow-problems.ts), and, for a folder whose records a module keeps (`source`), any change at
 * all. Such a module reads its shared workflow file in its code (the applications module compiles
 * schemas/workflows/application.workflow.json into the server and the pages: states, transitions and
 * their titles), so a publication would change the file without changing what the module does or
 * shows; that is a change of the module's code, and the message says so.
 */
export function sharedWorkflowProblems(live: CompiledResource, candidate: CompiledResource): UnitProblem[] {
  const workflow = live.resource.workflow;
  if (workflow !== undefined && live.resource.source !== undefined && JSON.stringify(live.workflow) !== JSON.stringify(candidate.workflow))
    return [
      namingFolder(live, {
        file: sharedWorkflowPath(workflow),
        pointer: '',
        message: `它的记录由数据来源 "${live.resource.source}" 的模块保存，模块的代码在构建时读入了这个共享工作流（状态、流转和它们的文字），在线发布不会改变模块的行为和页面：修改要改该模块的代码`,
      }),
    ];
  return liveWorkflowProblems(live, candidate, withoutTexts, true).map((problem) => namingFolder(live, problem));
}

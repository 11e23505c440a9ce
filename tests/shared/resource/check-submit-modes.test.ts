import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import needWorkflow from '../../../schemas/resources/need/workflow.json';
import type { ResourceFile } from '../../../src/shared/generated/resource-file';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import type { FolderProblem } from '../../../src/shared/activity/check-activity-folder';
import { checkSubmitModes } from '../../../src/shared/resource/check-submit-modes';

const folder = (extra: Partial<ResourceFile>): ResourceFile => ({
  name: 'lab',
  title: '实验室预约',
  permission: 'lab',
  owner: 'user',
  ...extra,
});

function problems(resource: ResourceFile, workflow: unknown): string[] {
  const found: FolderProblem[] = [];
  checkSubmitModes(resource, workflow as WorkflowFile, found);
  return found.map((problem) => `${problem.pointer}: ${problem.message}`);
}

describe('checkSubmitModes', () => {
  it('accepts draft where the initial state is an editable draft with a submit transition, and submit anywhere', () => {
    expect(problems(folder({ submitMode: 'draft' }), applicationWorkflow)).toEqual([]);
    expect(problems(folder({ submitMode: 'submit' }), needWorkflow)).toEqual([]);
    expect(problems(folder({ pages: [{ path: '/lab/apply', page: 'new', submitMode: 'draft' }] }), applicationWorkflow)).toEqual([]);
  });

  it('refuses draft on a workflow whose records start sent (a need starts pending: nothing for 提交审核 to do)', () => {
    expect(problems(folder({ submitMode: 'draft' }), needWorkflow)).toEqual([
      '/submitMode: draft（保存草稿与提交审核）需要工作流的初始状态 "pending" 可编辑（editable），并有所有者（actor owner）把记录从它提交出去的流转',
    ]);
    expect(problems(folder({ pages: [{ path: '/lab/apply', page: 'new', submitMode: 'draft' }] }), needWorkflow)).toHaveLength(1);
  });

  it('refuses submitMode on a page that is no form', () => {
    expect(problems(folder({ pages: [{ path: '/lab/list', page: 'list', list: 'mine', submitMode: 'submit' }] }), needWorkflow)).toEqual([
      '/pages/0/submitMode: 只有 page 为 "new" 的表单页面才写 submitMode',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkWorkflow } from '../../../src/shared/resource/check-workflow';

const title = (text: string) => ({ title: text });

/** A small review workflow; `states` overrides its states' marks. */
function workflow(marks: Record<string, Record<string, unknown>> = {}): unknown {
  return {
    initial: 'draft',
    states: {
      draft: { ...title('草稿'), editable: true, private: true, ...marks['draft'] },
      pending: { ...title('待审核'), ...marks['pending'] },
      approved: { ...title('已通过'), ...marks['approved'] },
    },
    transitions: {
      submit: { ...title('提交'), from: ['draft'], to: 'pending', actor: 'owner' },
      approve: { ...title('通过'), from: ['pending'], to: 'approved', actor: 'reviewer', permission: 'update' },
    },
  };
}

describe('checkWorkflow: waitsFor (the workbench, issue 31)', () => {
  it('accepts a state waiting for staff that a reviewer leaves, and one waiting for its owner that the owner leaves', () => {
    expect(checkWorkflow('workflow.json', workflow({ pending: { waitsFor: 'staff' }, draft: { waitsFor: 'owner' } }))).toEqual([]);
  });

  it('refuses a waiting state nobody of that kind can move on, at its place', () => {
    const problems = checkWorkflow('workflow.json', workflow({ approved: { waitsFor: 'staff' }, pending: { waitsFor: 'owner' } }));
    expect(problems.map((problem) => problem.pointer)).toEqual(['/states/pending/waitsFor', '/states/approved/waitsFor']);
    expect(problems[1]?.message).toContain('审核人（reviewer）或单位管理员（orgAdmin）');
  });

  it('refuses a waitsFor that names no one the meta-schema knows', () => {
    expect(checkWorkflow('workflow.json', workflow({ pending: { waitsFor: 'everyone' } }))).not.toEqual([]);
  });
});

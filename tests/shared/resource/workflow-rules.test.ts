import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import { availableTransitions, isEditableState, mayTake, nextState, publicStates, stateTitle } from '../../../src/shared/resource/workflow-rules';

const workflow = applicationWorkflow as WorkflowFile;
const owner = { isOwner: true, can: () => false };
const reviewer = { isOwner: false, can: (action: string) => action === 'update' };
const reviewerOwnRecord = { isOwner: true, can: (action: string) => action === 'update' };

describe('the workflow table (the application statuses as data)', () => {
  it('allows exactly the file\'s transitions', () => {
    const table = Object.keys(workflow.states).flatMap((state) => Object.keys(workflow.transitions).map((name) => `${state}-${name}->${nextState(workflow, state, name) ?? 'x'}`));
    expect(table.filter((entry) => !entry.endsWith('->x'))).toEqual([
      'draft-submit->submitted',
      'submitted-withdraw->draft',
      'submitted-return->returned',
      'submitted-approve->approved',
      'submitted-reject->rejected',
      'returned-submit->submitted',
    ]);
  });

  it('gives owners their own transitions and reviewers theirs, never on their own record', () => {
    expect(availableTransitions(workflow, 'submitted', owner)).toEqual(['withdraw']);
    expect(availableTransitions(workflow, 'submitted', reviewer)).toEqual(['return', 'approve', 'reject']);
    expect(availableTransitions(workflow, 'submitted', reviewerOwnRecord)).toEqual(['withdraw']);
    expect(mayTake(workflow, 'approve', 'draft', reviewer)).toBe(false);
    expect(mayTake(workflow, 'approve', 'submitted', { isOwner: false, can: () => false })).toBe(false);
    expect(mayTake(workflow, 'constructor', 'submitted', reviewer)).toBe(false);
  });

  it('knows which states are editable, private and titled', () => {
    expect(Object.keys(workflow.states).filter((state) => isEditableState(workflow, state))).toEqual(['draft', 'returned']);
    expect(publicStates(workflow)).toEqual(['submitted', 'returned', 'approved', 'rejected']);
    expect(stateTitle(workflow, 'returned', 'zh-CN')).toBe('退回修改');
    expect(stateTitle(workflow, 'returned', 'en-US')).toBe('Returned for changes');
  });
});

import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import {
  availableTransitions,
  isEditableState,
  mayTake,
  nextState,
  publicStates,
  oncePerUserTransitions,
  stateTitle,
} from '../../../src/shared/resource/workflow-rules';

const workflow = applicationWorkflow as WorkflowFile;
const owner = { isOwner: true, isOrgAdmin: false, isAddressee: false, can: () => false };
const reviewer = { isOwner: false, isOrgAdmin: false, isAddressee: false, can: (action: string) => action === 'update' };
const reviewerOwnRecord = { isOwner: true, isOrgAdmin: false, isAddressee: false, can: (action: string) => action === 'update' };

describe('the workflow table (the application statuses as data)', () => {
  it("allows exactly the file's transitions", () => {
    const table = Object.keys(workflow.states).flatMap((state) =>
      Object.keys(workflow.transitions).map((name) => `${state}-${name}->${nextState(workflow, state, name) ?? 'x'}`),
    );
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
    expect(mayTake(workflow, 'approve', 'submitted', { isOwner: false, isOrgAdmin: true, isAddressee: false, can: () => false })).toBe(
      false,
    );
    expect(mayTake(workflow, 'constructor', 'submitted', reviewer)).toBe(false);
  });

  it("gives an organisation administrator the orgAdmin transitions on members' records, never on their own", () => {
    const unitFirst: WorkflowFile = {
      initial: 'draft',
      states: {
        draft: { title: '草稿', editable: true, private: true },
        submitted: { title: '待单位确认' },
        confirmed: { title: '单位已确认' },
        approved: { title: '已通过' },
      },
      transitions: {
        submit: { title: '提交', from: ['draft'], to: 'submitted', actor: 'owner' },
        confirm: { title: '单位确认', from: ['submitted'], to: 'confirmed', actor: 'orgAdmin' },
        endorse: { title: '单位推荐', from: ['submitted'], to: 'confirmed', actor: 'orgAdmin', permission: 'update' },
        approve: { title: '通过', from: ['confirmed'], to: 'approved', actor: 'reviewer', permission: 'update' },
      },
    };
    const admin = { isOwner: false, isOrgAdmin: true, isAddressee: false, can: () => false };
    expect(availableTransitions(unitFirst, 'submitted', admin)).toEqual(['confirm']);
    expect(availableTransitions(unitFirst, 'submitted', { ...admin, can: (action: string) => action === 'update' })).toEqual([
      'confirm',
      'endorse',
    ]);
    expect(availableTransitions(unitFirst, 'submitted', { ...admin, isOwner: true })).toEqual([]);
    expect(availableTransitions(unitFirst, 'submitted', reviewer)).toEqual([]);
    expect(availableTransitions(unitFirst, 'confirmed', admin)).toEqual([]);
    expect(availableTransitions(unitFirst, 'confirmed', reviewer)).toEqual(['approve']);
  });

  it('gives an addressee the addressee transitions, never on their own record, and knows the once-per-user ones', () => {
    const invitation: WorkflowFile = {
      initial: 'draft',
      states: { draft: { title: '草稿', editable: true, private: true }, approved: { title: '已通过' } },
      transitions: {
        approve: { title: '通过', from: ['draft'], to: 'approved', actor: 'reviewer', permission: 'update' },
        accept: { title: '接受邀请', from: ['approved'], to: 'approved', actor: 'addressee' },
      },
    };
    const guest = { isOwner: false, isOrgAdmin: false, isAddressee: true, can: () => false };
    expect(availableTransitions(invitation, 'approved', guest)).toEqual(['accept']);
    expect(availableTransitions(invitation, 'approved', { ...guest, isOwner: true })).toEqual([]);
    expect(availableTransitions(invitation, 'approved', reviewer)).toEqual([]);
    expect(availableTransitions(invitation, 'draft', guest)).toEqual([]);
    expect(oncePerUserTransitions(invitation)).toEqual(['accept']);
    expect(oncePerUserTransitions(workflow)).toEqual([]);
  });

  it('knows which states are editable, private and titled', () => {
    expect(Object.keys(workflow.states).filter((state) => isEditableState(workflow, state))).toEqual(['draft', 'returned']);
    expect(publicStates(workflow)).toEqual(['submitted', 'returned', 'approved', 'rejected']);
    expect(stateTitle(workflow, 'returned', 'zh-CN')).toBe('退回修改');
    expect(stateTitle(workflow, 'returned', 'en-US')).toBe('Returned for changes');
  });
});

import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import type { JsonSchema } from '../schema/json-schema';

/**
 * A starting point for a new record type (resource folder) in the studio (ADR 0047): data, typed by the
 * generated file types rather than written as schema files, so `schemas:check` and `gen:types` do not
 * take them for units. Each gives a workflow, the roles its review needs, and its lists: the owner's own
 * (mine) and the staff's (all, with a menu entry, so a reviewer or administrator reaches it by clicking).
 */
export interface ResourceTemplate {
  /** What the create request names it by. */
  name: 'publication' | 'review-with-return' | 'two-level-review';
  label: { 'zh-CN': string; 'en-US': string };
  workflow: WorkflowFile;
  /** Built-in roles other than the administrator (who holds every action) and what they get on the new permission id. */
  grants: NonNullable<ResourceFile['grants']>;
  /** The transitions the owner's list offers on a row, and the staff list's. */
  ownerActions: string[];
  staffActions: string[];
}

const REVIEWER_ACTIONS: ('query' | 'get' | 'update')[] = ['query', 'get', 'update'];

const notifyReviewers = [
  {
    to: 'reviewers' as const,
    message: '有{resource}「{title}」待审核，请及时处理。',
    messageEn: 'The {resource} "{title}" is waiting for your review.',
  },
];
const notifyOwner = (zh: string, en: string) => [{ to: 'owner' as const, message: zh, messageEn: en }];

const draft = {
  title: '草稿',
  locale: { 'en-US': { title: 'Draft' } },
  editable: true,
  private: true,
  color: 'default' as const,
  waitsFor: 'owner' as const,
};
const returned = {
  title: '已退回',
  locale: { 'en-US': { title: 'Returned' } },
  editable: true,
  color: 'warning' as const,
  waitsFor: 'owner' as const,
};
const approved = { title: '已通过', locale: { 'en-US': { title: 'Approved' } }, color: 'success' as const };

// The review templates' shared transitions: the owner submits into the first review, and a review is
// returned with a reason; the two templates differ only in the states these lead from and to.
type Transition = WorkflowFile['transitions'][string];
const submitTo = (to: string): Transition => ({
  title: '提交',
  locale: { 'en-US': { title: 'Submit' } },
  from: ['draft', 'returned'],
  to,
  actor: 'owner',
  notify: notifyReviewers,
});
const approveFrom = (title: string, from: string[]): Transition => ({
  title,
  locale: { 'en-US': { title: 'Approve' } },
  from,
  to: 'approved',
  actor: 'reviewer',
  permission: 'update',
  note: 'optional',
  notify: notifyOwner('您的{resource}「{title}」已{transition}。{note}', 'Your {resource} "{title}" was approved. {note}'),
});
const returnFrom = (from: string[]): Transition => ({
  title: '退回修改',
  locale: { 'en-US': { title: 'Return for changes' } },
  from,
  to: 'returned',
  actor: 'reviewer',
  permission: 'update',
  note: 'required',
  notify: notifyOwner('您的{resource}「{title}」已退回修改，原因：{note}', 'Your {resource} "{title}" was returned for changes: {note}'),
});

/** The studio's record-type templates, in the order the dialog offers them; the first is the blank one. */
export const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  {
    name: 'publication',
    label: { 'zh-CN': '发布（无需审核）', 'en-US': 'Publication (no review)' },
    workflow: {
      initial: 'draft',
      states: {
        draft,
        published: { title: '已发布', locale: { 'en-US': { title: 'Published' } }, color: 'success' },
        unpublished: { title: '已下线', locale: { 'en-US': { title: 'Unpublished' } }, editable: true, color: 'warning' },
      },
      transitions: {
        publish: {
          title: '发布',
          locale: { 'en-US': { title: 'Publish' } },
          from: ['draft', 'unpublished'],
          to: 'published',
          actor: 'owner',
        },
        unpublish: {
          title: '下线',
          locale: { 'en-US': { title: 'Unpublish' } },
          from: ['published'],
          to: 'unpublished',
          actor: 'reviewer',
          permission: 'update',
          note: 'optional',
        },
      },
    },
    grants: {},
    ownerActions: ['detail', 'edit', 'delete', 'publish'],
    staffActions: ['detail', 'unpublish'],
  },
  {
    name: 'review-with-return',
    label: { 'zh-CN': '审核（可退回修改）', 'en-US': 'Review with return' },
    workflow: {
      initial: 'draft',
      states: {
        draft,
        pending: { title: '待审核', locale: { 'en-US': { title: 'Pending review' } }, color: 'processing', waitsFor: 'staff' },
        returned,
        approved,
      },
      transitions: {
        submit: submitTo('pending'),
        approve: approveFrom('通过', ['pending']),
        return: returnFrom(['pending']),
      },
    },
    grants: { reviewer: REVIEWER_ACTIONS },
    ownerActions: ['detail', 'edit', 'delete', 'submit'],
    staffActions: ['detail', 'approve', 'return'],
  },
  {
    name: 'two-level-review',
    label: { 'zh-CN': '两级审核', 'en-US': 'Two-level review' },
    workflow: {
      initial: 'draft',
      states: {
        draft,
        firstReview: { title: '待初审', locale: { 'en-US': { title: 'First review' } }, color: 'processing', waitsFor: 'staff' },
        secondReview: { title: '待复审', locale: { 'en-US': { title: 'Second review' } }, color: 'processing', waitsFor: 'staff' },
        returned,
        approved,
      },
      transitions: {
        submit: submitTo('firstReview'),
        pass: {
          title: '初审通过',
          locale: { 'en-US': { title: 'Pass first review' } },
          from: ['firstReview'],
          to: 'secondReview',
          actor: 'reviewer',
          permission: 'update',
          note: 'optional',
        },
        approve: approveFrom('复审通过', ['secondReview']),
        return: returnFrom(['firstReview', 'secondReview']),
      },
    },
    grants: { reviewer: REVIEWER_ACTIONS },
    ownerActions: ['detail', 'edit', 'delete', 'submit'],
    staffActions: ['detail', 'pass', 'approve', 'return'],
  },
];

/** The record every template starts with: a title and a description, to be changed in the studio. */
export const TEMPLATE_RECORD: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string', title: '标题', minLength: 2, maxLength: 60, 'x-order': 1, 'x-locale': { 'en-US': { title: 'Title' } } },
    description: {
      type: 'string',
      title: '说明',
      maxLength: 2000,
      'x-component': 'Input.TextArea',
      'x-order': 2,
      'x-locale': { 'en-US': { title: 'Description' } },
    },
  },
};

/** The owner's list: their own records, in the account menu. */
export function mineList(title: string, template: ResourceTemplate): ResourceListFile {
  return {
    title: `我的${title}`,
    scope: 'mine',
    columns: [{ field: 'title', link: true }, { field: 'status' }, { field: 'updatedAt' }],
    filters: [{ field: 'status' }, { field: 'title' }],
    sort: { fields: ['updatedAt', 'createdAt'], default: { field: 'updatedAt', order: 'descend' } },
    rowActions: template.ownerActions,
    accountMenu: { order: 500 },
  };
}

/** The staff's list: every submitted record, in the 内容管理 menu for holders of <permission>.query. */
export function staffList(title: string, template: ResourceTemplate): ResourceListFile {
  return {
    title: `${title}管理`,
    scope: 'all',
    columns: [{ field: 'title', link: true }, { field: 'ownerName' }, { field: 'status' }, { field: 'updatedAt' }],
    filters: [{ field: 'status' }, { field: 'title' }],
    sort: { fields: ['updatedAt', 'createdAt'], default: { field: 'updatedAt', order: 'descend' } },
    rowActions: template.staffActions,
    menu: { order: 500, section: 'content' },
  };
}

/** A permission id from a folder name: lab-booking → labBooking (the permission pattern has no hyphen). */
export function permissionIdOf(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

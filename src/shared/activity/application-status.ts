import type { Locale } from '../i18n/locale';

/** The life of an application (ADR 0004). The spec shows no statuses, so these are ours. */
export const APPLICATION_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A draft is the applicant's own business: reviewers see an application once it was submitted. */
export const REVIEWABLE_STATUSES: readonly ApplicationStatus[] = ['submitted', 'returned', 'approved', 'rejected'];

export const APPLICATION_ACTIONS = ['submit', 'withdraw', 'return', 'approve', 'reject'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** The only legal transitions; anything else is refused. */
const TRANSITIONS: Record<ApplicationAction, { from: readonly ApplicationStatus[]; to: ApplicationStatus }> = {
  submit: { from: ['draft', 'returned'], to: 'submitted' },
  withdraw: { from: ['submitted'], to: 'draft' },
  return: { from: ['submitted'], to: 'returned' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
};

/** Who may take each action: the applicant on their own application, or a reviewer. */
export const ACTION_ACTOR: Record<ApplicationAction, 'applicant' | 'reviewer'> = {
  submit: 'applicant',
  withdraw: 'applicant',
  return: 'reviewer',
  approve: 'reviewer',
  reject: 'reviewer',
};

export function nextStatus(status: ApplicationStatus, action: ApplicationAction): ApplicationStatus | undefined {
  const transition = TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : undefined;
}

/** The applicant may change the data only before submitting and after a return. */
export function isEditable(status: ApplicationStatus): boolean {
  return status === 'draft' || status === 'returned';
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

const LABELS: Record<Locale, Record<ApplicationStatus, string>> = {
  'zh-CN': { draft: '草稿', submitted: '已提交', returned: '退回修改', approved: '已通过', rejected: '未通过' },
  'en-US': { draft: 'Draft', submitted: 'Submitted', returned: 'Returned for changes', approved: 'Approved', rejected: 'Rejected' },
};

export function statusLabel(status: ApplicationStatus, locale: Locale): string {
  return LABELS[locale][status];
}

const ACTION_LABELS: Record<Locale, Record<ApplicationAction, string>> = {
  'zh-CN': { submit: '提交', withdraw: '撤回', return: '退回修改', approve: '审核通过', reject: '审核不通过' },
  'en-US': { submit: 'Submit', withdraw: 'Withdraw', return: 'Return for changes', approve: 'Approve', reject: 'Reject' },
};

export function actionLabel(action: ApplicationAction, locale: Locale): string {
  return ACTION_LABELS[locale][action];
}

// The portal pages of an application. Shared: the server's notices link to them too.
import { STEP_ROUTES } from './activity-definition';

const FORM_PATHS: ReadonlySet<string> = new Set(['applicationForm', ...STEP_ROUTES].map((route) => `/home/activities/${route}`));

/** The application form and the spec's step pages (/home/activities/teamInfoGroup …): where a member fills one in. */
export function isApplicationFormPath(path: string): boolean {
  return FORM_PATHS.has(path);
}

/** Where the applicant fills in an application: the step form, which resumes at the saved step. */
export function applicationFormHref(activityId: string): string {
  return `/home/activities/applicationForm?activityId=${encodeURIComponent(activityId)}`;
}

/** The read-only view of every step of an application. */
export function applicationViewHref(activityId: string): string {
  return `/home/activities/applicationFormGroup?activityId=${encodeURIComponent(activityId)}`;
}

/** 科研诚信 > 审核管理: the applications a reviewer sees (its path is the generated menu's). */
export const AUDIT_LIST_PATH = '/integrity/audit';

/** One application as a reviewer sees it, with the review actions. */
export function auditDetailHref(applicationId: string): string {
  return `${AUDIT_LIST_PATH}/detail?id=${encodeURIComponent(applicationId)}`;
}

/**
 * The permission ids the product checks. `application`: activity applications under review (query
 * lists, get opens one and its attachments, update returns/approves/rejects). The integrity ids are
 * the research-integrity pages of the 科研诚信 menu.
 */
export const PERMISSION_IDS = {
  application: 'application',
  integrityCredit: 'integrityCredit',
  integrityFix: 'integrityFix',
  integrityLog: 'integrityLog',
  // 表单设计 (issue 17): query opens the studio, checks and reports impact; update publishes and rolls back.
  schemaStudio: 'schemaStudio',
} as const;

export type PermissionId = (typeof PERMISSION_IDS)[keyof typeof PERMISSION_IDS];

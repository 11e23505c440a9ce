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
  // 表单设计 (issue 17): query opens the studio and checks; update publishes and rolls back, with the unit kind's own id below.
  schemaStudio: 'schemaStudio',
  // Who may author what (issue 32, ADR 0041): update on the kind's id weighs, publishes and rolls back a unit of that
  // kind, beside schemaStudio.update. Ids, not new action keys: spec §6's nine keys and their CHECK stay as they are.
  schemaStudioActivity: 'schemaStudioActivity',
  schemaStudioForm: 'schemaStudioForm',
  schemaStudioResource: 'schemaStudioResource',
  schemaStudioSite: 'schemaStudioSite',
  schemaStudioDashboard: 'schemaStudioDashboard',
  // Dictionaries (ADR 0046): content, like the forms that name them.
  schemaStudioDictionary: 'schemaStudioDictionary',
} as const;

export type PermissionId = (typeof PERMISSION_IDS)[keyof typeof PERMISSION_IDS];

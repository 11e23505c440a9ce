import type { Locale } from '../i18n/locale';

/**
 * The security events the audit log records so far (SECURITY R31, ADR 0009). The list request's
 * `event` enum (schemas/api/audit-log-page-request.schema.json) and the dictionary that names them
 * for people (schemas/dicts/audit_event.json) repeat it; a test keeps the three equal.
 */
export const AUDIT_EVENTS = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'LOGIN_LOCKED',
  'LOGOUT',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'SESSION_TIMED_OUT',
  'CAPTCHA_FAILED',
  'SMS_CODE_FAILED',
  'ACCESS_DENIED',
  'APPLICATION_SUBMITTED',
  'APPLICATION_WITHDRAWN',
  'APPLICATION_RETURNED',
  'APPLICATION_APPROVED',
  'APPLICATION_REJECTED',
  'RECORD_CREATED',
  'RECORD_UPDATED',
  'RECORD_DELETED',
  'RECORD_TRANSITIONED',
  'RECORDS_IMPORTED',
  'RECORDS_EXPORTED',
  'DATA_INTEGRITY_VIOLATION',
  'AUDIT_RETENTION',
  'AUDIT_CHAIN_BROKEN',
  'PI_VIEW',
  'SCHEMA_PUBLISHED',
  'SCHEMA_ROLLED_BACK',
  'SCHEMA_CREATED',
  'SCHEMA_RETIRED',
  'USER_REGISTERED',
  'FILE_UPLOADED',
  'RATE_LIMITED',
  // The second factor of a privileged login (SECURITY R06, ADR 0067); its success is LOGIN_SUCCESS.
  'MFA_FAILED',
  'MFA_ENROLLED',
  'MFA_RESET',
  'MFA_RECOVERY_USED',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const AUDIT_RESULTS = ['success', 'failure'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

export function isAuditEvent(value: unknown): value is AuditEvent {
  return typeof value === 'string' && (AUDIT_EVENTS as readonly string[]).includes(value);
}

const OBJECT_LABELS: Record<Locale, Record<string, string>> = {
  'zh-CN': { application: '申报', route: '接口', user: '用户', phone: '手机号', schema: '表单 schema', attachment: '附件' },
  'en-US': {
    application: 'Application',
    route: 'API route',
    user: 'User',
    phone: 'Phone',
    schema: 'Form schema',
    attachment: 'Attachment',
  },
};

/** An object type's name for people (the audit rows' object_type); an unknown one shows as it is. */
export function auditObjectLabel(objectType: string, locale: Locale): string {
  return OBJECT_LABELS[locale][objectType] ?? objectType;
}

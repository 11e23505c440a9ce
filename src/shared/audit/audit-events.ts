import type { Locale } from '../i18n/locale';

/**
 * The security events the audit log records so far (SECURITY R31, ADR 0009). The list request's
 * `event` enum (schemas/api/audit-log-page-request.schema.json) repeats it; a test keeps the two equal.
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
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const AUDIT_RESULTS = ['success', 'failure'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

const EVENT_LABELS: Record<Locale, Record<AuditEvent, string>> = {
  'zh-CN': {
    LOGIN_SUCCESS: '登录成功',
    LOGIN_FAILURE: '登录失败',
    LOGIN_LOCKED: '账号锁定',
    LOGOUT: '退出登录',
    PASSWORD_CHANGED: '修改密码',
    PASSWORD_RESET: '重置密码',
    SESSION_TIMED_OUT: '登录超时',
    CAPTCHA_FAILED: '图形验证码错误',
    SMS_CODE_FAILED: '短信验证码错误',
    ACCESS_DENIED: '越权访问被拒绝',
    APPLICATION_SUBMITTED: '提交申报',
    APPLICATION_WITHDRAWN: '撤回申报',
    APPLICATION_RETURNED: '审核退回修改',
    APPLICATION_APPROVED: '审核通过',
    APPLICATION_REJECTED: '审核不予通过',
    RECORD_CREATED: '新建记录',
    RECORD_UPDATED: '修改记录',
    RECORD_DELETED: '删除记录',
    RECORD_TRANSITIONED: '记录流转',
  },
  'en-US': {
    LOGIN_SUCCESS: 'Login',
    LOGIN_FAILURE: 'Failed login',
    LOGIN_LOCKED: 'Account locked',
    LOGOUT: 'Logout',
    PASSWORD_CHANGED: 'Password changed',
    PASSWORD_RESET: 'Password reset',
    SESSION_TIMED_OUT: 'Session timed out',
    CAPTCHA_FAILED: 'Wrong captcha',
    SMS_CODE_FAILED: 'Wrong SMS code',
    ACCESS_DENIED: 'Access denied',
    APPLICATION_SUBMITTED: 'Application submitted',
    APPLICATION_WITHDRAWN: 'Application withdrawn',
    APPLICATION_RETURNED: 'Application returned',
    APPLICATION_APPROVED: 'Application approved',
    APPLICATION_REJECTED: 'Application rejected',
    RECORD_CREATED: 'Record created',
    RECORD_UPDATED: 'Record changed',
    RECORD_DELETED: 'Record deleted',
    RECORD_TRANSITIONED: 'Record status changed',
  },
};

const RESULT_LABELS: Record<Locale, Record<AuditResult, string>> = {
  'zh-CN': { success: '成功', failure: '失败' },
  'en-US': { success: 'Success', failure: 'Failure' },
};

export function isAuditEvent(value: unknown): value is AuditEvent {
  return typeof value === 'string' && (AUDIT_EVENTS as readonly string[]).includes(value);
}

/** An event's name for people; an event this client does not know yet shows as its code. */
export function auditEventLabel(event: string, locale: Locale): string {
  return isAuditEvent(event) ? EVENT_LABELS[locale][event] : event;
}

export function auditResultLabel(result: AuditResult, locale: Locale): string {
  return RESULT_LABELS[locale][result];
}

const OBJECT_LABELS: Record<Locale, Record<string, string>> = {
  'zh-CN': { application: '申报', route: '接口', user: '用户', phone: '手机号' },
  'en-US': { application: 'Application', route: 'API route', user: 'User', phone: 'Phone' },
};

/** An object type's name for people (the audit rows' object_type); an unknown one shows as it is. */
export function auditObjectLabel(objectType: string, locale: Locale): string {
  return OBJECT_LABELS[locale][objectType] ?? objectType;
}

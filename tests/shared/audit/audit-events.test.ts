import { describe, expect, it } from 'vitest';
import pageRequest from '../../../schemas/api/audit-log-page-request.schema.json';
import { AUDIT_EVENTS, auditEventLabel, auditResultLabel } from '../../../src/shared/audit/audit-events';

describe('the audit event catalogue', () => {
  it('is the list request schema’s event enum, in the same order', () => {
    expect(pageRequest.properties.event.enum).toEqual([...AUDIT_EVENTS]);
  });

  it('names every event in both languages, and an unknown one by its code', () => {
    for (const event of AUDIT_EVENTS) {
      expect(auditEventLabel(event, 'zh-CN')).toMatch(/[\u4e00-\u9fa5]/);
      expect(auditEventLabel(event, 'en-US')).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(auditEventLabel('LOGIN_SUCCESS', 'zh-CN')).toBe('登录成功');
    expect(auditEventLabel('SOMETHING_NEW', 'zh-CN')).toBe('SOMETHING_NEW');
    expect(auditResultLabel('failure', 'zh-CN')).toBe('失败');
  });
});

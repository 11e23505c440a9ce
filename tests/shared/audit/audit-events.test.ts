import { describe, expect, it } from 'vitest';
import pageRequest from '../../../schemas/api/audit-log-page-request.schema.json';
import eventDict from '../../../schemas/dicts/audit_event.json';
import { AUDIT_EVENTS, auditObjectLabel } from '../../../src/shared/audit/audit-events';

describe('the audit event catalogue', () => {
  it('is the list request schema’s event enum and the audit_event dictionary, in the same order', () => {
    expect(pageRequest.properties.event.enum).toEqual([...AUDIT_EVENTS]);
    expect(eventDict.items.map((item) => item.dictKey)).toEqual([...AUDIT_EVENTS]);
  });

  it('names every event in both languages in the dictionary', () => {
    for (const item of eventDict.items) {
      expect(item.dictValue).toMatch(/[\u4e00-\u9fa5]/);
      expect(item.dictValueEn).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(eventDict.items[0]).toEqual({ dictKey: 'LOGIN_SUCCESS', dictValue: '登录成功', dictValueEn: 'Login' });
  });

  it('names an object type for people, and an unknown one by its code', () => {
    expect(auditObjectLabel('application', 'zh-CN')).toBe('申报');
    expect(auditObjectLabel('application', 'en-US')).toBe('Application');
    expect(auditObjectLabel('lab-booking', 'zh-CN')).toBe('lab-booking');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../src/server/services/users/user-units';
import { multipartBody } from '../helpers/activity-fixtures';
import { creditWorkbook } from '../helpers/credit-workbook';
import { businessLicence, call, creditRecordData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Issue 11's acceptance: every call of spec §7 "Integrity (/integrity/app)" answers JSON on a fresh
 * embedded database, each used as the integrity area uses it, in one pass.
 */
let t: TestApp;
let officer: TestUser;
// The logs are the audit administrator's alone (三权分立, ADR 0068).
let auditor: TestUser;
let applicant: TestUser;
let unitAdmin: TestUser;

const BASE = '/api/integrity/app';

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
  applicant = await createLoggedInUser(t, 'researcher');
  unitAdmin = await createLoggedInUser(t, 'unitadmin');
  const unitId = await linkUserUnit(t.db, applicant.id, '江城大学');
  await selectUserUnit(t.db, applicant.id, unitId);
  await linkUserUnit(t.db, unitAdmin.id, '江城大学');
  await setUnitAdmin(t.db, unitAdmin.id, unitId, true);
});
afterAll(async () => t.close());

describe('the integrity calls (spec §7 /integrity/app)', () => {
  it('all answer JSON, each with what it is for', async () => {
    const answered: string[] = [];
    const json = async <T>(user: TestUser, method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> => {
      const { status, body } = await call<T>(t, user, method, `${BASE}/${path}`, payload);
      expect(status, path).toBe(200);
      expect(body.code, path).toBe(0);
      answered.push(path.split('?')[0] ?? path);
      return body.data;
    };
    // Credit info: save, update, detail, list.
    let credit = await json<RecordView>(officer, 'POST', 'credit/info/save', creditRecordData({ basisName: '江科信〔2026〕40号处理决定' }));
    credit = await json<RecordView>(officer, 'POST', 'credit/info/update', {
      id: credit.id,
      version: credit.version,
      data: creditRecordData({ basisName: '江科信〔2026〕41号处理决定' }),
    });
    credit = (
      await call<RecordView>(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: credit.id, version: credit.version })
    ).body.data;
    await json(officer, 'GET', `credit/info/detail?id=${credit.id}`);
    await json(officer, 'POST', 'credit/info/list', {});
    // import-excel (multipart).
    const file = multipartBody({}, { filename: 'credit.xlsx', content: await creditWorkbook(3) });
    const imported = await t.app.inject({
      method: 'POST',
      url: `${BASE}/credit/info/import-excel`,
      headers: { ...officer.auth, ...file.headers },
      payload: file.payload,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json<{ data: { imported: number } }>().data.imported).toBe(3);
    answered.push('credit/info/import-excel');

    // Repairs: common/fix, common/fix/update, common/fix/detail, common/detail, credit/fix, credit/fix/update, credit/fix/detail.
    const evidence = [await businessLicence(t, applicant, { resource: 'credit-fix', field: 'evidence' })];
    const repair = (overrides: Record<string, unknown> = {}) => ({
      basisName: '江科信〔2026〕41号处理决定',
      subjectType: 'person',
      subjectName: '王某某',
      idNumber: '110105199003071239',
      reason: '已按处理决定完成整改，申请信用修复。',
      measures: '撤回涉事论文并完成科研诚信专题培训。',
      evidence,
      contactName: '王某某',
      contactPhone: '13700002222',
      ...overrides,
    });
    let fix = await json<RecordView>(applicant, 'POST', 'common/fix', repair());
    fix = await json<RecordView>(applicant, 'POST', 'common/fix/update', {
      id: fix.id,
      version: fix.version,
      data: repair({ contactName: '李某' }),
    });
    await json(applicant, 'GET', `common/fix/detail?id=${fix.id}`);
    await json(applicant, 'GET', `common/detail?id=${fix.id}`);
    let second = await json<RecordView>(applicant, 'POST', 'credit/fix', repair());
    second = await json<RecordView>(applicant, 'POST', 'credit/fix/update', {
      id: second.id,
      version: second.version,
      data: repair({ contactPhone: '13700003333' }),
    });
    await json(applicant, 'GET', `credit/fix/detail?id=${second.id}`);
    // Through the unit to the commission: fix/list, fix/common/list, audit/back, audit/status.
    fix = (
      await call<RecordView>(t, applicant, 'POST', '/api/resources/credit-fix/transitions/submit', { id: fix.id, version: fix.version })
    ).body.data;
    fix = (
      await call<RecordView>(t, unitAdmin, 'POST', '/api/resources/credit-fix/transitions/unitApprove', {
        id: fix.id,
        version: fix.version,
      })
    ).body.data;
    await json(officer, 'POST', 'credit/info/fix/list', {});
    await json(applicant, 'POST', 'credit/info/fix/common/list', {});
    fix = await json<RecordView>(officer, 'POST', 'audit/back', { id: fix.id, version: fix.version, note: '请补充证明材料原件扫描件' });
    fix = (
      await call<RecordView>(t, applicant, 'POST', '/api/resources/credit-fix/transitions/submit', { id: fix.id, version: fix.version })
    ).body.data;
    fix = (
      await call<RecordView>(t, unitAdmin, 'POST', '/api/resources/credit-fix/transitions/unitApprove', {
        id: fix.id,
        version: fix.version,
      })
    ).body.data;
    // The other reading's repair calls, before the approval below repairs the credit record they are about.
    let third = await json<RecordView>(applicant, 'POST', 'credit/common/fix', repair());
    third = await json<RecordView>(applicant, 'POST', 'credit/common/fix/update', {
      id: third.id,
      version: third.version,
      data: repair({ contactName: '赵某' }),
    });
    await json(applicant, 'GET', `credit/common/fix/detail?id=${third.id}`);
    await json(applicant, 'GET', `credit/common/detail?id=${third.id}`);
    const toCommission = async (record: RecordView): Promise<RecordView> => {
      const submitted = (
        await call<RecordView>(t, applicant, 'POST', '/api/resources/credit-fix/transitions/submit', {
          id: record.id,
          version: record.version,
        })
      ).body.data;
      return (
        await call<RecordView>(t, unitAdmin, 'POST', '/api/resources/credit-fix/transitions/unitApprove', {
          id: submitted.id,
          version: submitted.version,
        })
      ).body.data;
    };
    third = await toCommission(third);
    third = await json<RecordView>(officer, 'POST', 'credit/audit/back', { id: third.id, version: third.version, note: '请补充整改报告' });
    expect(third.status).toBe('returned');
    third = await toCommission(third);
    third = await json<RecordView>(officer, 'POST', 'credit/audit/status', {
      id: third.id,
      version: third.version,
      decision: 'reject',
      note: '整改材料与处理决定不符',
    });
    expect(third.status).toBe('rejected');
    await json(officer, 'POST', 'audit/status', { id: fix.id, version: fix.version, decision: 'approve' });

    // dict/list, common/allUnits, unit, fix/log, info/log, upload/token.
    await json(officer, 'GET', 'dict/list');
    await json(officer, 'GET', 'common/allUnits');
    await json(applicant, 'GET', 'unit');
    await json(auditor, 'POST', 'credit/fix/log', {});
    await json(auditor, 'POST', 'credit/info/log', {});
    await json(applicant, 'GET', `upload/token?id=${evidence[0]?.id ?? ''}`);

    // The list's other reading, every call under credit/ (credit/detail, credit/common/fix …) and the
    // logs without it (fix/log, info/log): the same actions, served as aliases too (issue 30).
    await json(officer, 'GET', `credit/detail?id=${credit.id}`);
    await json(auditor, 'POST', 'fix/log', {});
    await json(auditor, 'POST', 'info/log', {});

    expect(answered).toHaveLength(31);
  });
});

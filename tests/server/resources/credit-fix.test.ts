import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../src/server/services/users/user-units';
import { businessLicence, call, creditRecordData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * 信用修复 (schemas/resources/credit-fix; issue 11): the subject's unit member applies against a credit
 * record in force, named by its decision and identity number (resource.json target); the unit's
 * administrator audits first (actor orgAdmin), then the commission approves (audit/status), sends it
 * back with a note (audit/back) or refuses. Approval marks the credit record 已修复 in the same
 * transaction, with the credit record's own history.
 */
let t: TestApp;
let officer: TestUser;
let commission: TestUser;
let applicant: TestUser;
let unitAdmin: TestUser;
let otherAdmin: TestUser;

type Detail = RecordView & { history: { action: string; toStatus: string; note: string | null; actorName: string | null }[] };

async function inUnit(user: TestUser, unitName: string, isAdmin = false): Promise<TestUser> {
  const unitId = await linkUserUnit(t.db, user.id, unitName);
  await selectUserUnit(t.db, user.id, unitId);
  if (isAdmin) await setUnitAdmin(t.db, user.id, unitId, true);
  return user;
}

/** A credit record in force, entered and published by the officer. */
async function creditInForce(basisName: string, idNumber = '110105199003071239'): Promise<RecordView> {
  const saved = (
    await call<RecordView>(t, officer, 'POST', '/api/integrity/app/credit/info/save', creditRecordData({ basisName, idNumber }))
  ).body.data;
  return (await call<RecordView>(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: saved.id, version: saved.version }))
    .body.data;
}

async function repairData(basisName: string, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    basisName,
    subjectType: 'person',
    subjectName: '王某某',
    idNumber: '110105199003071239',
    reason: '处理决定执行期间认真整改，已按要求撤回相关论文并完成科研诚信专题培训。',
    measures: '撤回涉事论文，重新核验原始数据，所在实验室建立数据双人复核制度。',
    evidence: [await businessLicence(t, applicant, { resource: 'credit-fix', field: 'evidence' })],
    contactName: '王某某',
    contactPhone: '13700002222',
    ...overrides,
  };
}

const take = (user: TestUser, name: string, record: Pick<RecordView, 'id' | 'version'>, note?: string) =>
  call<RecordView>(t, user, 'POST', `/api/resources/credit-fix/transitions/${name}`, {
    id: record.id,
    version: record.version,
    ...(note ? { note } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  commission = await createLoggedInUser(t, 'commission', 'integrity');
  applicant = await inUnit(await createLoggedInUser(t, 'researcher'), '江城大学');
  unitAdmin = await inUnit(await createLoggedInUser(t, 'unitadmin'), '江城大学', true);
  otherAdmin = await inUnit(await createLoggedInUser(t, 'otheradmin'), '临川理工学院', true);
});
afterAll(async () => t.close());

describe('credit repair from the resource folder, through unit audit and commission approval', () => {
  it('refuses a repair that names no credit record in force, on the decision field', async () => {
    const refused = await call(t, applicant, 'POST', '/api/integrity/app/common/fix', await repairData('江科信〔2026〕99号处理决定'));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: 'basisName', message: '没有找到这条有效的信用信息，请核对处理决定文号和证件号码' }),
    ]);
    // The right decision with another person's number is refused too.
    await creditInForce('江科信〔2026〕31号处理决定');
    const wrongPerson = await call(
      t,
      applicant,
      'POST',
      '/api/integrity/app/common/fix',
      await repairData('江科信〔2026〕31号处理决定', { idNumber: '110105199001011237' }),
    );
    expect(wrongPerson.status).toBe(400);
  });

  it('goes to the unit, back to the applicant, to the commission, back with a note, and when approved repairs the credit record', async () => {
    const credit = await creditInForce('江科信〔2026〕32号处理决定');
    const created = await call<RecordView>(
      t,
      applicant,
      'POST',
      '/api/integrity/app/common/fix',
      await repairData('江科信〔2026〕32号处理决定'),
    );
    expect(created.status).toBe(200);
    let record = (await take(applicant, 'submit', created.body.data)).body.data;
    expect(record.status).toBe('unitReview');

    // Only the applicant's own unit audits it: another unit's administrator and the commission cannot yet.
    expect((await take(otherAdmin, 'unitApprove', record)).status).toBe(404);
    expect(
      (
        await call(t, commission, 'POST', '/api/integrity/app/audit/status', {
          id: record.id,
          version: record.version,
          decision: 'approve',
        })
      ).status,
    ).toBe(409);
    const unitList = await call<{ records: RecordView[] }>(t, unitAdmin, 'POST', '/api/resources/credit-fix/lists/unit', {});
    expect(unitList.body.data.records.find((row) => row.id === record.id)?.actions).toEqual(['unitApprove', 'unitReturn']);
    expect(
      (await call<{ records: RecordView[] }>(t, otherAdmin, 'POST', '/api/resources/credit-fix/lists/unit', {})).body.data.records.map(
        (row) => row.id,
      ),
    ).not.toContain(record.id);

    record = (await take(unitAdmin, 'unitReturn', record, '请补充培训结业证明')).body.data;
    expect(record.status).toBe('returned');
    const updated = await call<RecordView>(t, applicant, 'POST', '/api/integrity/app/common/fix/update', {
      id: record.id,
      version: record.version,
      data: await repairData('江科信〔2026〕32号处理决定', {
        measures: '撤回涉事论文，完成科研诚信专题培训并取得结业证明，实验室建立数据双人复核制度。',
      }),
    });
    expect(updated.status).toBe(200);
    record = (await take(applicant, 'submit', updated.body.data)).body.data;
    record = (await take(unitAdmin, 'unitApprove', record)).body.data;
    expect(record.status).toBe('commissionReview');

    // The commission's list shows it; audit/back needs a note, and sends it to the applicant.
    const all = await call<{ records: RecordView[] }>(t, commission, 'POST', '/api/integrity/app/credit/info/fix/list', {});
    expect(all.body.data.records.find((row) => row.id === record.id)?.data['idNumber']).toBe('110105********1239');
    expect((await call(t, commission, 'POST', '/api/integrity/app/audit/back', { id: record.id, version: record.version })).status).toBe(
      400,
    );
    record = (
      await call<RecordView>(t, commission, 'POST', '/api/integrity/app/audit/back', {
        id: record.id,
        version: record.version,
        note: '证明材料需加盖单位公章',
      })
    ).body.data;
    expect(record.status).toBe('returned');
    record = (await take(applicant, 'submit', record)).body.data;
    record = (await take(unitAdmin, 'unitApprove', record, '情况属实')).body.data;

    const approved = await call<RecordView>(t, commission, 'POST', '/api/integrity/app/audit/status', {
      id: record.id,
      version: record.version,
      decision: 'approve',
      note: '同意修复',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');

    // The credit record is repaired from today, in its own history, by the commission's member.
    const repaired = (await call<Detail>(t, officer, 'GET', `/api/integrity/app/credit/info/detail?id=${credit.id}`)).body.data;
    expect(repaired.status).toBe('repaired');
    // Re-sealed with its new state (SECURITY R34).
    expect(repaired.integrity).toBeUndefined();
    expect(repaired.version).toBe(credit.version + 1);
    expect(repaired.history.at(-1)).toMatchObject({ action: 'repair', toStatus: 'repaired', actorName: '测试用户commission' });
    // Both keep their history: the applicant reads every step and note of the repair.
    const detail = (await call<Detail>(t, applicant, 'GET', `/api/integrity/app/common/fix/detail?id=${record.id}`)).body.data;
    expect(detail.history.map((entry) => entry.action)).toEqual([
      'create',
      'submit',
      'unitReturn',
      'update',
      'submit',
      'unitApprove',
      'back',
      'submit',
      'unitApprove',
      'approve',
    ]);
    expect(detail.history.find((entry) => entry.action === 'back')?.note).toBe('证明材料需加盖单位公章');
    // The repair log has each of these changes; the audit administrator reads it (ADR 0068).
    const auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
    const log = await call<{ total: number }>(t, auditor, 'POST', '/api/integrity/app/credit/fix/log', {});
    expect(log.body.data.total).toBeGreaterThanOrEqual(10);
  });

  it('refuses an approval whose credit record was revoked meanwhile, and changes neither', async () => {
    const credit = await creditInForce('江科信〔2026〕33号处理决定');
    let record = (
      await call<RecordView>(t, applicant, 'POST', '/api/integrity/app/common/fix', await repairData('江科信〔2026〕33号处理决定'))
    ).body.data;
    record = (await take(applicant, 'submit', record)).body.data;
    record = (await take(unitAdmin, 'unitApprove', record)).body.data;
    const revoked = await call(t, commission, 'POST', '/api/resources/credit/transitions/revoke', {
      id: credit.id,
      version: credit.version,
      note: '处理决定已被撤销',
    });
    expect(revoked.status).toBe(200);
    const refused = await call(t, commission, 'POST', '/api/integrity/app/audit/status', {
      id: record.id,
      version: record.version,
      decision: 'approve',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('所涉及的记录已不在可处理的状态（可能已被撤销或处理），本次操作未生效');
    expect((await call<RecordView>(t, applicant, 'GET', `/api/integrity/app/common/fix/detail?id=${record.id}`)).body.data.status).toBe(
      'commissionReview',
    );
    // Refusing needs no credit record in force.
    expect(
      (
        await call<RecordView>(t, commission, 'POST', '/api/integrity/app/audit/status', {
          id: record.id,
          version: record.version,
          decision: 'reject',
          note: '处理决定已撤销，无需修复',
        })
      ).body.data.status,
    ).toBe('rejected');
  });

  it("offers no route for the credit record's system transition", async () => {
    expect(
      (
        await call(t, officer, 'POST', '/api/resources/credit/transitions/repair', {
          id: '00000000-0000-4000-8000-000000000000',
          version: 1,
        })
      ).status,
    ).toBe(404);
  });
});

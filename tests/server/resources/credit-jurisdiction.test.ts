import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../src/shared/generated/import-report';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { linkUserUnit, selectUserUnit } from '../../../src/server/services/users/user-units';
import { multipartBody } from '../helpers/activity-fixtures';
import { creditWorkbook } from '../helpers/credit-workbook';
import { call, creditRecordData, type Envelope } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Jurisdiction (issue 11): 信用信息's resource.json names responsibleUnit as the unit a record belongs
 * to. A unit's integrity officer (role unitIntegrity, jurisdiction unit) lists, opens, revokes,
 * enters, imports and exports the records of their own units only; the commission's officer
 * (role integrity) reaches all of them.
 */
let t: TestApp;
let commission: TestUser;
let jiangcheng: TestUser;
let linchuan: TestUser;
let ours: RecordView;
let theirs: RecordView;

const CREDIT = '/api/integrity/app/credit/info';

async function officerOf(unitName: string): Promise<TestUser> {
  const user = await createLoggedInUser(t, 'unitofficer', 'unitIntegrity');
  await selectUserUnit(t.db, user.id, await linkUserUnit(t.db, user.id, unitName));
  return user;
}

async function published(user: TestUser, overrides: Record<string, unknown>): Promise<RecordView> {
  const saved = await call<RecordView>(t, user, 'POST', `${CREDIT}/save`, creditRecordData(overrides));
  if (saved.status !== 200) throw new Error(`save failed: ${JSON.stringify(saved.body)}`);
  return (
    await call<RecordView>(t, user, 'POST', '/api/resources/credit/transitions/publish', {
      id: saved.body.data.id,
      version: saved.body.data.version,
    })
  ).body.data;
}

const idsIn = async (user: TestUser): Promise<string[]> =>
  (await call<{ records: RecordView[] }>(t, user, 'POST', `${CREDIT}/list`, { pageSize: 100 })).body.data.records.map(
    (record) => record.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  commission = await createLoggedInUser(t, 'commission', 'integrity');
  jiangcheng = await officerOf('江城大学');
  linchuan = await officerOf('临川理工学院');
  ours = await published(commission, { subjectName: '江城大学某教师', responsibleUnit: '江城大学' });
  theirs = await published(commission, { subjectName: '临川理工学院某教师', responsibleUnit: '临川理工学院' });
});
afterAll(async () => t.close());

describe('the jurisdiction of credit information across units', () => {
  it("lists each unit's records to its officer, and all of them to the commission", async () => {
    expect(await idsIn(jiangcheng)).toEqual([ours.id]);
    expect(await idsIn(linchuan)).toEqual([theirs.id]);
    expect(await idsIn(commission)).toEqual(expect.arrayContaining([ours.id, theirs.id]));
    // A filter cannot widen it.
    const filtered = await call<{ total: number }>(t, jiangcheng, 'POST', `${CREDIT}/list`, { subjectName: '临川' });
    expect(filtered.body.data.total).toBe(0);
  });

  it("opens and revokes only within the jurisdiction; another unit's record is a 404", async () => {
    expect((await call(t, jiangcheng, 'GET', `${CREDIT}/detail?id=${theirs.id}`)).status).toBe(404);
    expect(
      (
        await call(t, jiangcheng, 'POST', '/api/resources/credit/transitions/revoke', {
          id: theirs.id,
          version: theirs.version,
          note: '越权撤销',
        })
      ).status,
    ).toBe(404);
    const detail = await call<RecordView>(t, jiangcheng, 'GET', `${CREDIT}/detail?id=${ours.id}`);
    expect(detail.body.data.actions).toEqual(['revoke']);
    expect((await call(t, commission, 'GET', `${CREDIT}/detail?id=${theirs.id}`)).status).toBe(200);
  });

  it("enters records of the officer's own unit only, refused on the responsible unit", async () => {
    const refused = await call(t, jiangcheng, 'POST', `${CREDIT}/save`, creditRecordData({ responsibleUnit: '临川理工学院' }));
    expect(refused.status).toBe(400);
    // The test user also belongs to 测试科技有限公司: every unit of theirs is named.
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: 'responsibleUnit', message: '只能录入本单位（您的辖区）的记录：江城大学、测试科技有限公司' }),
    ]);
    expect((await call(t, jiangcheng, 'POST', `${CREDIT}/save`, creditRecordData({ responsibleUnit: '江城大学' }))).status).toBe(200);
  });

  it("imports rows of the officer's own unit only, each other row reported on its responsible unit", async () => {
    // demoCreditRow puts rows 0 and 6 (sheet rows 2 and 8) under 江城大学.
    const file = await creditWorkbook(7);
    const body = multipartBody({}, { filename: 'credit.xlsx', content: file });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources/credit/import/check',
      headers: { ...jiangcheng.auth, ...body.headers },
      payload: body.payload,
    });
    const report = response.json<Envelope<ImportReport>>().data;
    expect(report.errors.map((error) => [error.row, error.column, error.field])).toEqual(
      [3, 4, 5, 6, 7].map((row) => [row, 'K', 'responsibleUnit']),
    );
  });

  it("exports only the jurisdiction's records", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources/credit/lists/all/export',
      headers: linchuan.auth,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(2);
    expect(workbook.worksheets[0]?.getRow(2).getCell(1).value).toBe('临川理工学院某教师');
  });
});

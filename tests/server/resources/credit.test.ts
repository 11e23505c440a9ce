import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { call, creditRecordData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * 信用信息 (schemas/resources/credit; issue 11, first slice): the integrity staff enter credit
 * records (createAction add); the identity number is checked to its check character and shown
 * masked (x-mask) in every list and to anyone but the officer who entered it; another officer
 * revokes with a note.
 */
let t: TestApp;
let officer: TestUser;
let colleague: TestUser;
let applicant: TestUser;

const CREDIT = '/api/integrity/app/credit/info';

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  colleague = await createLoggedInUser(t, 'officer', 'integrity');
  applicant = await createLoggedInUser(t, 'applicant');
});
afterAll(async () => t.close());

describe('credit information (/integrity/app/credit/info) from the resource folder', () => {
  it('lets only the integrity staff enter and list records', async () => {
    expect((await call(t, applicant, 'POST', `${CREDIT}/save`, creditRecordData())).status).toBe(403);
    expect((await call(t, applicant, 'POST', `${CREDIT}/list`, {})).status).toBe(403);
    expect((await call(t, undefined, 'POST', `${CREDIT}/list`, {})).status).toBe(401);
  });

  it('checks the identity number for a researcher and the credit code for a unit, on their fields', async () => {
    const badId = await call(t, officer, 'POST', `${CREDIT}/save`, creditRecordData({ idNumber: '110105199003071238' }));
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toEqual([
      expect.objectContaining({ path: 'idNumber', keyword: 'format', message: '身份证号码有误，请核对后重新输入' }),
    ]);
    const noCode = await call(
      t,
      officer,
      'POST',
      `${CREDIT}/save`,
      creditRecordData({ subjectType: 'unit', subjectName: '江城某科技有限公司', idNumber: undefined }),
    );
    expect(noCode.body.errors?.map((error) => error.path)).toEqual(['creditCode']);
  });

  it('masks the identity number in every list and for other officers, not for the one who edits it', async () => {
    const created = await call<RecordView>(t, officer, 'POST', `${CREDIT}/save`, creditRecordData());
    expect(created.body.data.data['idNumber']).toBe('110105199003071239');
    const list = await call<{ records: RecordView[] }>(t, colleague, 'POST', `${CREDIT}/list`, {});
    const row = list.body.data.records.find((record) => record.id === created.body.data.id);
    expect(row?.data['idNumber']).toBe('110105********1239');
    expect(row?.status).toBe('draft');
    const own = await call<{ records: RecordView[] }>(t, officer, 'POST', `${CREDIT}/list`, {});
    expect(own.body.data.records.find((record) => record.id === created.body.data.id)?.data['idNumber']).toBe('110105********1239');
    expect((await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${created.body.data.id}`)).body.data.data['idNumber']).toBe(
      '110105199003071239',
    );
    expect((await call<RecordView>(t, colleague, 'GET', `${CREDIT}/detail?id=${created.body.data.id}`)).body.data.data['idNumber']).toBe(
      '110105********1239',
    );
    expect((await call(t, applicant, 'GET', `${CREDIT}/detail?id=${created.body.data.id}`)).status).toBe(404);
  });

  it('is published by its officer and revoked by another, with a note', async () => {
    const created = (await call<RecordView>(t, officer, 'POST', `${CREDIT}/save`, creditRecordData())).body.data;
    expect(
      (await call(t, colleague, 'POST', '/api/resources/credit/transitions/publish', { id: created.id, version: created.version })).status,
    ).toBe(404);
    const published = (
      await call<RecordView>(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: created.id, version: created.version })
    ).body.data;
    expect(published.status).toBe('effective');
    expect(
      (
        await call(t, officer, 'POST', '/api/resources/credit/transitions/revoke', {
          id: published.id,
          version: published.version,
          note: '复核后撤销',
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t, colleague, 'POST', '/api/resources/credit/transitions/revoke', { id: published.id, version: published.version }))
        .status,
    ).toBe(400);
    const revoked = await call<RecordView>(t, colleague, 'POST', '/api/resources/credit/transitions/revoke', {
      id: published.id,
      version: published.version,
      note: '经复核，处理决定已被撤销',
    });
    expect(revoked.body.data.status).toBe('revoked');

    // info/log: every change to credit information, and nothing else, for the audit administrator (ADR 0068).
    const auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
    const log = await call<{ records: RecordView[] }>(t, auditor, 'POST', `${CREDIT}/log`, { pageSize: 100 });
    expect(log.status).toBe(200);
    expect(log.body.data.records.every((row) => row.data['objectType'] === 'credit')).toBe(true);
    const mine = log.body.data.records
      .filter((row) => String(row.data['object']).endsWith(created.id))
      .map((row) => [row.data['event'], row.ownerName]);
    expect(mine).toEqual([
      ['RECORD_TRANSITIONED', colleague.username],
      ['RECORD_TRANSITIONED', officer.username],
      ['RECORD_CREATED', officer.username],
    ]);
    expect((await call(t, applicant, 'POST', `${CREDIT}/log`, {})).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { beijingDate } from '../../../src/shared/rules/beijing-date';
import type { FileRefBody } from '../helpers/activity-fixtures';
import { businessLicence, call, checkInRecordData, resourceCast } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { TestUser } from '../helpers/test-users';

/**
 * Settle-in applications (schemas/resources/check-in, no code): spec §7 /sys/person/check_in/* as
 * aliases of the engine's routes, with the business licence as an attachment and auditCheckIn as
 * one decision among approve, return and reject.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;

const CHECK_IN = '/api/sys/person/check_in';
const checkInData = (user: TestUser, overrides: Record<string, unknown> = {}) => checkInRecordData(t, user, overrides);
const licence = (user: TestUser) => businessLicence(t, user);

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${CHECK_IN}/create`, await checkInData(user, overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

const submit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>) =>
  call<RecordView>(t, user, 'POST', '/api/resources/check-in/transitions/submit', { id: record.id, version: record.version });
const audit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>, decision: string, note?: string) =>
  call<RecordView>(t, user, 'POST', `${CHECK_IN}/auditCheckIn`, {
    id: record.id,
    version: record.version,
    decision,
    ...(note === undefined ? {} : { note }),
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer, reviewer2 } = await resourceCast(t));
});
afterAll(async () => t.close());

describe('settle-in applications (/sys/person/check_in) from the resource folder', () => {
  it("checks the credit code's check character and asks for the licence, each on its field", async () => {
    const bad = await call(
      t,
      owner,
      'POST',
      `${CHECK_IN}/create`,
      await checkInData(owner, { creditCode: '91320500MA1X7K2Q3A', businessLicence: [] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'creditCode', keyword: 'format', message: '统一社会信用代码有误，请核对营业执照后重新输入' }),
        // No file is not filled in (ADR 0001, issue 17): `required`, with the schema's own wording.
        expect.objectContaining({ path: 'businessLicence', keyword: 'required', message: '请上传营业执照' }),
      ]),
    );
    // Someone else's file is not the applicant's licence.
    const foreign = await call(t, owner, 'POST', `${CHECK_IN}/create`, {
      ...(await checkInData(owner)),
      businessLicence: [await licence(stranger)],
    });
    expect(foreign.status).toBe(400);
  });

  it("refuses a founding date after today in Beijing, on the field and in the reader's language (x-compare today)", async () => {
    // The record schema's ajv keyword reads the system clock, not the app's test clock; today is Beijing's date.
    const tomorrow = beijingDate(new Date(Date.now() + 24 * 3_600_000));
    const late = await call(t, owner, 'POST', `${CHECK_IN}/create`, await checkInData(owner, { establishedDate: tomorrow }));
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([
      { path: 'establishedDate', keyword: 'x-compare', params: { comparison: '<=', moment: 'today' }, message: '成立日期不能晚于今天' },
    ]);
    const english = await t.app.inject({
      method: 'POST',
      url: `${CHECK_IN}/create`,
      headers: { ...owner.auth, 'accept-language': 'en-US' },
      payload: await checkInData(owner, { establishedDate: tomorrow }),
    });
    expect(english.statusCode).toBe(400);
    expect(english.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'establishedDate', message: 'The founding date cannot be after today' }),
    ]);
    // Founded today is fine.
    expect((await create(owner, { establishedDate: beijingDate(new Date()) })).data['establishedDate']).toBeTruthy();
  });

  it('returns with a note, takes the edit and the resubmission, and approves', async () => {
    let record = (await submit(owner, await create(owner))).body.data;
    expect(record.status).toBe('pending');
    const queue = await call<{ records: RecordView[] }>(t, reviewer, 'POST', `${CHECK_IN}/queryCheckInList`, { status: 'pending' });
    expect(queue.body.data.records.map((row) => row.id)).toContain(record.id);
    // The reviewer opens the licence of a submitted application.
    const file = (record.data['businessLicence'] as FileRefBody[])[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sys/form/data/attachment/${file.id}`, headers: reviewer.auth })).statusCode,
    ).toBe(200);
    expect((await audit(reviewer, record, 'return')).status).toBe(400);
    record = (await audit(reviewer, record, 'return', '营业执照副本不清晰，请重新上传加盖公章的扫描件')).body.data;
    expect(record.status).toBe('returned');
    const detail = await call<{ history: { note: string | null }[] }>(t, owner, 'GET', `${CHECK_IN}/detail?id=${record.id}`);
    expect(detail.body.data.history.at(-1)?.note).toBe('营业执照副本不清晰，请重新上传加盖公章的扫描件');
    const edited = await call<RecordView>(t, owner, 'POST', `${CHECK_IN}/update`, {
      id: record.id,
      version: record.version,
      data: await checkInData(owner, { creditCode: record.data['creditCode'] }),
    });
    expect(edited.status).toBe(200);
    record = (await submit(owner, edited.body.data)).body.data;
    record = (await audit(reviewer, record, 'approve')).body.data;
    expect(record.status).toBe('approved');
    expect((await audit(reviewer, record, 'reject', '重复审核')).status).toBe(409);
    const mine = await call<{ records: RecordView[] }>(t, owner, 'POST', `${CHECK_IN}/queryMyCheckInList`, {});
    expect(mine.body.data.records.find((row) => row.id === record.id)?.status).toBe('approved');
  });

  it("keeps another user out, refuses mass assignment and one's own audit, and recalls", async () => {
    const record = (await submit(owner, await create(owner))).body.data;
    for (const [method, url, payload] of [
      ['GET', `${CHECK_IN}/detail?id=${record.id}`, undefined],
      ['POST', `${CHECK_IN}/recallCheckIn`, { id: record.id, version: record.version }],
    ] as const) {
      expect((await call(t, stranger, method, url, payload)).status, url).toBe(404);
    }
    expect(
      (await call(t, stranger, 'POST', `${CHECK_IN}/auditCheckIn`, { id: record.id, version: record.version, decision: 'approve' })).status,
    ).toBe(403);
    const forged = await call(t, owner, 'POST', `${CHECK_IN}/create`, { ...(await checkInData(owner)), status: 'approved' });
    expect(forged.status).toBe(400);
    expect(forged.body.reason).toBe('massAssignment');
    const own = (await submit(reviewer, await create(reviewer))).body.data;
    expect((await audit(reviewer, own, 'approve')).status).toBe(403);
    const recalled = await call<RecordView>(t, owner, 'POST', `${CHECK_IN}/recallCheckIn`, { id: record.id, version: record.version });
    expect(recalled.body.data.status).toBe('draft');
  });

  it('gives one winner when two reviewers decide at once', async () => {
    const record = (await submit(owner, await create(owner))).body.data;
    const results = await Promise.all([audit(reviewer, record, 'approve'), audit(reviewer2, record, 'reject', '材料不全')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});

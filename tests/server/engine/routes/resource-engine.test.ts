import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../../src/server/db/schema';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { bookingData, call, createBooking, createResourceTestApp, LAB, transition } from '../../helpers/resource-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;

beforeAll(async () => {
  t = await createResourceTestApp();
  alice = await createLoggedInUser(t, 'alice');
  bob = await createLoggedInUser(t, 'bob');
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
  reviewer2 = await createLoggedInUser(t, 'rev2', 'reviewer');
});
afterAll(async () => t.close());

const base = `/api/resources/${LAB}`;

describe('create and the write pipeline', () => {
  it('creates a draft owned by the caller, with history and an audit row', async () => {
    const record = await createBooking(t, alice, { subject: '冷冻电镜样品制备' });
    expect(record).toMatchObject({
      resource: LAB,
      status: 'draft',
      version: 1,
      ownerName: '测试用户alice',
      editable: true,
      actions: ['submit'],
    });
    const detail = await call<RecordView & { history: { action: string }[] }>(t, alice, 'GET', `${base}/detail?id=${record.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.history.map((entry) => entry.action)).toEqual(['create']);
  });

  it('answers every field error at once, in Chinese, on its field', async () => {
    const { status, body } = await call(t, alice, 'POST', `${base}/create`, {
      subject: '',
      instrument: 'x'.repeat(61),
      field: '99',
      hours: 0,
      contactPhone: '123',
    });
    expect(status).toBe(400);
    const byPath = Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
    // The dictionary check runs on fields the schema passed, so all five come back together.
    expect(byPath).toEqual({
      subject: '请输入',
      instrument: '最多输入60个字符',
      field: '请选择有效的选项',
      hours: '不能小于1',
      contactPhone: expect.any(String),
    });
  });

  it('checks dictionary values against the database', async () => {
    const { status, body } = await call(t, alice, 'POST', `${base}/create`, bookingData({ field: '99' }));
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'field', keyword: 'x-dict', message: '请选择有效的选项' })]);
  });

  it('refuses mass assignment of status, owner, organisation, reviewer or version', async () => {
    for (const field of ['status', 'ownerId', 'orgId', 'reviewerId', 'version']) {
      const { status, body } = await call(
        t,
        alice,
        'POST',
        `${base}/create`,
        bookingData({ [field]: field === 'version' ? 9 : 'approved' }),
      );
      expect(status, field).toBe(400);
      expect(body.reason).toBe('massAssignment');
      expect(body.errors?.[0]?.path).toBe(field);
    }
    const mine = await call<{ total: number }>(t, alice, 'POST', `${base}/lists/mine`, { status: 'approved' });
    expect(mine.body.data.total).toBe(0);
  });

  it('refuses mass assignment before anything else is checked or spent', async () => {
    const { status, body } = await call(t, alice, 'POST', `${base}/create`, { ...bookingData({ hours: 0 }), status: 'approved' });
    expect(status).toBe(400);
    expect(body.reason).toBe('massAssignment');
    expect(body.errors?.map((error) => error.path)).toEqual(['status']);
  });

  it('holds x-unique values once a record is submitted, not while it is a private draft', async () => {
    const subject = '同步辐射光源线站';
    const first = await createBooking(t, alice, { subject });
    await createBooking(t, bob, { subject });
    expect((await transition(t, alice, 'submit', first)).status).toBe(200);
    const { status, body } = await call(t, bob, 'POST', `${base}/create`, bookingData({ subject }));
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'subject', keyword: 'x-unique', message: '该名称已存在' })]);
  });

  it('answers en-US when asked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/create`,
      headers: { ...alice.auth, 'accept-language': 'en-US' },
      payload: bookingData({ hours: 100 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe('Must not be greater than 72');
  });
});

describe('update, delete and versions', () => {
  it('updates with the current version and refuses a stale one with 409 and the current record', async () => {
    const record = await createBooking(t, alice);
    const updated = await call<RecordView>(t, alice, 'POST', `${base}/update`, {
      id: record.id,
      version: 1,
      data: bookingData({ hours: 8 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ version: 2, data: expect.objectContaining({ hours: 8 }) });
    const stale = await call<RecordView>(t, alice, 'POST', `${base}/update`, {
      id: record.id,
      version: 1,
      data: bookingData({ hours: 2 }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('recordVersionConflict');
    expect(stale.body.data).toMatchObject({ id: record.id, version: 2 });
  });

  it('refuses changes outside the editable states, and deletes only there', async () => {
    const record = await createBooking(t, alice);
    const submitted = (await transition(t, alice, 'submit', record)).body.data;
    expect(
      (await call(t, alice, 'POST', `${base}/update`, { id: record.id, version: submitted.version, data: bookingData() })).status,
    ).toBe(409);
    expect((await call(t, alice, 'POST', `${base}/delete`, { id: record.id, version: submitted.version })).body.reason).toBe(
      'recordNotEditable',
    );
    const recalled = (await transition(t, alice, 'recall', submitted)).body.data;
    expect(recalled.status).toBe('draft');
    expect((await call(t, alice, 'POST', `${base}/delete`, { id: record.id, version: recalled.version })).status).toBe(200);
    expect((await call(t, alice, 'GET', `${base}/detail?id=${record.id}`)).status).toBe(404);
  });
});

describe('object-level access: another user gets 404 and changes nothing', () => {
  it("refuses bob every route on alice's record", async () => {
    const record = await createBooking(t, alice);
    const attempts = [
      call(t, bob, 'GET', `${base}/detail?id=${record.id}`),
      call(t, bob, 'POST', `${base}/update`, { id: record.id, version: 1, data: bookingData() }),
      call(t, bob, 'POST', `${base}/delete`, { id: record.id, version: 1 }),
      call(t, bob, 'POST', `${base}/transitions/submit`, { id: record.id, version: 1 }),
      call(t, bob, 'GET', `/api/sys/lab/booking/recallBooking?id=${record.id}`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
    const detail = await call<RecordView>(t, alice, 'GET', `${base}/detail?id=${record.id}`);
    expect(detail.body.data).toMatchObject({ version: 1, status: 'draft' });
    const bobs = await call<{ total: number }>(t, bob, 'POST', `${base}/lists/mine`, {});
    expect(bobs.body.data.total).toBe(1);
  });

  it('hides private drafts from reviewers too', async () => {
    const record = await createBooking(t, alice);
    expect((await call(t, reviewer, 'GET', `${base}/detail?id=${record.id}`)).status).toBe(404);
    expect((await transition(t, reviewer, 'approve', record)).status).toBe(404);
  });
});

describe('the workflow', () => {
  it('goes draft → submitted → returned (note required) → submitted → approved, with history and notes', async () => {
    let record = await createBooking(t, alice);
    record = (await transition(t, alice, 'submit', record)).body.data;
    const noNote = await transition(t, reviewer, 'return', record);
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors?.[0]).toMatchObject({ path: 'note', message: '请输入' });
    record = (await transition(t, reviewer, 'return', record, '请补充样品说明')).body.data;
    expect(record).toMatchObject({ status: 'returned' });
    record = (await transition(t, alice, 'submit', record)).body.data;
    const approved = await transition(t, reviewer, 'approve', record);
    expect(approved.status).toBe(200);
    const detail = await call<{ history: { action: string; toStatus: string; note: string | null; actorName: string | null }[] }>(
      t,
      alice,
      'GET',
      `${base}/detail?id=${record.id}`,
    );
    expect(detail.body.data.history.map((entry) => `${entry.action}:${entry.toStatus}`)).toEqual([
      'create:draft',
      'submit:submitted',
      'return:returned',
      'submit:submitted',
      'approve:approved',
    ]);
    expect(detail.body.data.history[2]).toMatchObject({ note: '请补充样品说明', actorName: '测试用户rev' });
  });

  it('refuses illegal transitions with 409', async () => {
    const record = await createBooking(t, alice);
    expect((await transition(t, alice, 'recall', record)).status).toBe(409);
    const submitted = (await transition(t, alice, 'submit', record)).body.data;
    expect((await transition(t, alice, 'submit', submitted)).body.reason).toBe('illegalTransition');
  });

  it('lets nobody decide on their own record', async () => {
    let record = await createBooking(t, reviewer);
    record = (await transition(t, reviewer, 'submit', record)).body.data;
    const own = await transition(t, reviewer, 'approve', record);
    expect(own.status).toBe(403);
    expect(own.body.reason).toBe('ownRecord');
  });

  it('gives one winner and one 409 when approve and reject race', async () => {
    let record = await createBooking(t, alice);
    record = (await transition(t, alice, 'submit', record)).body.data;
    const results = await Promise.all([transition(t, reviewer, 'approve', record), transition(t, reviewer2, 'reject', record, '材料不全')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const detail = await call<{ history: unknown[]; status: string }>(t, alice, 'GET', `${base}/detail?id=${record.id}`);
    expect(detail.body.data.history).toHaveLength(3);
    expect(['approved', 'rejected']).toContain(detail.body.data.status);
  });

  it('writes every change with its audit row: who, what, which record (SECURITY R31)', async () => {
    let record = await createBooking(t, alice);
    record = (await call<RecordView>(t, alice, 'POST', `${base}/update`, { id: record.id, version: record.version, data: bookingData() }))
      .body.data;
    record = (await transition(t, alice, 'submit', record)).body.data;
    await transition(t, reviewer, 'approve', record);
    const other = await createBooking(t, alice);
    await call(t, alice, 'POST', `${base}/delete`, { id: other.id, version: other.version });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.objectId, [record.id, other.id]))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => `${row.event}:${row.action ?? ''}`)).toEqual([
      'RECORD_CREATED:',
      'RECORD_UPDATED:',
      'RECORD_TRANSITIONED:submit',
      'RECORD_TRANSITIONED:approve',
      'RECORD_CREATED:',
      'RECORD_DELETED:',
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        objectType: LAB,
        result: 'success',
        userId: expect.any(String),
        username: expect.any(String),
        ip: expect.any(String),
        requestId: expect.any(String),
      });
    expect(rows[3]).toMatchObject({ userId: reviewer.id, role: 'reviewer' });
  });

  it('rolls the transition back when its audit row cannot be written', async () => {
    let record = await createBooking(t, alice);
    record = (await transition(t, alice, 'submit', record)).body.data;
    await t.db.execute(
      sql`CREATE OR REPLACE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`,
    );
    await t.db.execute(sql`CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`);
    try {
      expect((await transition(t, reviewer, 'approve', record)).status).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER fail_audit ON audit_log`);
    }
    const detail = await call<RecordView & { history: unknown[] }>(t, alice, 'GET', `${base}/detail?id=${record.id}`);
    expect(detail.body.data).toMatchObject({ status: 'submitted', version: record.version });
    expect(detail.body.data.history).toHaveLength(2);
  });
});

describe('lists', () => {
  it('pages, filters, sorts by the allowlist only, and counts by scope', async () => {
    const carol = await createLoggedInUser(t, 'carol');
    for (const hours of [3, 1, 2]) await createBooking(t, carol, { hours, instrument: `激光共聚焦显微镜${hours}` });
    const page = await call<{ total: number; records: RecordView[] }>(t, carol, 'POST', `${base}/lists/mine`, {
      pageNo: 1,
      pageSize: 2,
      sortField: 'hours',
      sortOrder: 'ascend',
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.records.map((record) => record.data['hours'])).toEqual([1, 2]);
    const bad = await call(t, carol, 'POST', `${base}/lists/mine`, { sortField: 'contactPhone' });
    expect(bad.status).toBe(400);
    const bodyless = await t.app.inject({ method: 'POST', url: `${base}/lists/mine`, headers: carol.auth });
    expect(bodyless.json<{ data: { total: number } }>().data.total).toBe(3);
    const alias = await call<{ total: number }>(t, carol, 'POST', '/api/sys/lab/booking/queryMyBookingList', { subject: '质谱' });
    expect(alias.body.data.total).toBe(3);
    const pastTheEnd = await call<{ total: number; records: RecordView[] }>(t, carol, 'POST', `${base}/lists/mine`, { pageNo: 9 });
    expect(pastTheEnd.body.data).toEqual({ total: 3, records: [] });
    const filtered = await call<{ total: number; records: RecordView[] }>(t, carol, 'POST', `${base}/lists/mine`, { subject: '%' });
    expect(filtered.body.data.total).toBe(0);
  });

  it("shows reviewers everyone's records outside private states, filtered and counted the same way", async () => {
    const dave = await createLoggedInUser(t, 'dave');
    let record = await createBooking(t, dave, { instrument: '核磁共振波谱仪 dave' });
    await createBooking(t, dave, { instrument: '核磁共振波谱仪 dave' });
    record = (await transition(t, dave, 'submit', record)).body.data;
    const found = await call<{ total: number; records: RecordView[] }>(t, reviewer, 'POST', `${base}/lists/review`, { instrument: 'dave' });
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.records[0]).toMatchObject({
      id: record.id,
      ownerName: '测试用户dave',
      actions: ['approve', 'return', 'reject'],
    });
    const all = await call<{ total: number }>(t, reviewer, 'POST', '/api/sys/lab/booking/queryBookingList', {});
    const submittedOnly = await call<{ total: number }>(t, reviewer, 'POST', `${base}/lists/review`, { status: 'submitted' });
    expect(all.body.data.total).toBeGreaterThanOrEqual(submittedOnly.body.data.total);
    expect(submittedOnly.body.data.total).toBeGreaterThanOrEqual(1);
  });
});

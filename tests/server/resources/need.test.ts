import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { call, needData, resourceCast, type Envelope } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { TestUser } from '../helpers/test-users';

/**
 * The product's needs (schemas/resources/need, no code): spec §7 /sys/person/need/* and the public
 * /sys/api/pub/create, as aliases of the engine's routes, on the repository's own schemas.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;

const NEED = '/api/sys/person/need';

/** A captcha for the caller (kept per user) or, for a visitor, its id to send back. */
async function captcha(user?: TestUser): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/resources/need/captcha', headers: user?.auth ?? {} });
  expect(response.statusCode).toBe(200);
  const id = response.json<Envelope<{ captchaId?: string }>>().data.captchaId;
  return id ? { 'x-captcha-id': id } : {};
}

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  await captcha(user);
  const { status, body } = await call<RecordView>(t, user, 'POST', `${NEED}/create`, needData(overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

function audit(user: TestUser, record: Pick<RecordView, 'id' | 'version'>, note?: string, decision = 'approve') {
  return call<RecordView>(t, user, 'POST', `${NEED}/auditNeed`, {
    id: record.id,
    version: record.version,
    decision,
    ...(note === undefined ? {} : { note }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer, reviewer2 } = await resourceCast(t));
});
afterAll(async () => t.close());

describe('needs (/sys/person/need) from the resource folder', () => {
  it("publishes a visitor's demand through /sys/api/pub/create, pending review, and auditNeed publishes it", async () => {
    const headers = await captcha();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/api/pub/create',
      headers,
      payload: needData({ needTitle: '城市内涝预警模型需求' }),
    });
    expect(response.statusCode).toBe(200);
    const created = response.json<Envelope<RecordView>>().data;
    expect(created).toMatchObject({ status: 'pending', ownerName: null });
    const listed = await call<{ records: RecordView[] }>(t, reviewer, 'POST', `${NEED}/queryNeedList`, { needTitle: '城市内涝' });
    expect(listed.body.data.records.map((record) => record.id)).toContain(created.id);
    const approved = await audit(reviewer, created, '需求清晰，同意发布');
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    // Twice is an illegal transition.
    expect((await audit(reviewer, approved.body.data)).status).toBe(409);
  });

  it("gives the owner their list, detail, recall, update and resubmit; the reviewer's note comes back", async () => {
    let need = await create(owner, { needTitle: '锂电池极片涂布厚度在线检测' });
    const mine = await call<{ total: number; records: RecordView[] }>(t, owner, 'POST', `${NEED}/queryMyNeedList`, {});
    expect(mine.body.data.records.map((record) => record.id)).toContain(need.id);
    expect((await call<RecordView>(t, owner, 'GET', `${NEED}/get?id=${need.id}`)).body.data.data['company']).toBe('云帆微电子有限公司');
    need = (await call<RecordView>(t, owner, 'GET', `${NEED}/recallNeed?id=${need.id}`)).body.data;
    expect(need.status).toBe('recalled');
    // Recalled is private: the reviewers no longer see it.
    expect((await call(t, reviewer, 'GET', `${NEED}/get?id=${need.id}`)).status).toBe(404);
    await captcha(owner);
    const updated = await call<RecordView>(t, owner, 'POST', `${NEED}/update`, {
      id: need.id,
      version: need.version,
      data: needData({ needTitle: '锂电池极片涂布厚度在线检测（修订）' }),
    });
    expect(updated.status).toBe(200);
    need = (
      await call<RecordView>(t, owner, 'POST', '/api/resources/need/transitions/submit', {
        id: updated.body.data.id,
        version: updated.body.data.version,
      })
    ).body.data;
    expect(need.status).toBe('pending');
    const noNote = await call(t, reviewer, 'POST', '/api/resources/need/transitions/reject', { id: need.id, version: need.version });
    expect(noNote.status).toBe(400);
    await call(t, reviewer, 'POST', '/api/resources/need/transitions/reject', {
      id: need.id,
      version: need.version,
      note: '请补充检测精度与产线节拍要求',
    });
    const detail = await call<{ status: string; history: { note?: string | null }[] }>(t, owner, 'GET', `${NEED}/get?id=${need.id}`);
    expect(detail.body.data.status).toBe('rejected');
    expect(detail.body.data.history.map((entry) => entry.note)).toContain('请补充检测精度与产线节拍要求');
  });

  it('keeps another user out (404, nothing changes), refuses mass assignment, and nobody audits their own need', async () => {
    const need = await create(owner);
    for (const [method, url, payload] of [
      ['GET', `${NEED}/get?id=${need.id}`, undefined],
      ['GET', `${NEED}/recallNeed?id=${need.id}`, undefined],
      ['POST', `${NEED}/update`, { id: need.id, version: need.version, data: needData() }],
      ['POST', `${NEED}/delete`, { id: need.id, version: need.version }],
    ] as const) {
      // A write answers its captcha first (the pipeline runs before the handler looks the record up).
      if (url.endsWith('/update')) await captcha(stranger);
      expect((await call(t, stranger, method, url, payload)).status, url).toBe(404);
    }
    expect((await call<RecordView>(t, owner, 'GET', `${NEED}/get?id=${need.id}`)).body.data).toMatchObject({
      status: 'pending',
      version: need.version,
    });
    await captcha(owner);
    const forged = await call(t, owner, 'POST', `${NEED}/create`, needData({ status: 'approved' }));
    expect(forged.status).toBe(400);
    expect(forged.body.reason).toBe('massAssignment');
    const own = await create(reviewer);
    expect((await audit(reviewer, own)).status).toBe(403);
  });

  it('decides through auditNeed: approve, or reject with its required note; anything else is refused on the field', async () => {
    const need = await create(owner);
    const noDecision = await call(t, reviewer, 'POST', `${NEED}/auditNeed`, { id: need.id, version: need.version });
    expect(noDecision.status).toBe(400);
    expect((await audit(reviewer, need, undefined, 'publish')).status).toBe(400);
    const noNote = await audit(reviewer, need, undefined, 'reject');
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual([expect.objectContaining({ path: 'note', keyword: 'required' })]);
    const rejected = await audit(reviewer, need, '预算与需求规模不匹配，请核实后重新提交', 'reject');
    expect(rejected.body.data.status).toBe('rejected');
    expect(
      (await call(t, stranger, 'POST', `${NEED}/auditNeed`, { id: need.id, version: rejected.body.data.version, decision: 'approve' }))
        .status,
    ).toBe(403);
  });

  it('gives one winner when two reviewers decide at once', async () => {
    const need = await create(owner);
    const results = await Promise.all([
      audit(reviewer, need),
      call(t, reviewer2, 'POST', '/api/resources/need/transitions/reject', { id: need.id, version: need.version, note: '重复发布' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});

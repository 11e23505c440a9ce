import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { call, financingData, inviteData, resourceCast } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { TestUser } from '../helpers/test-users';

/**
 * 业务管理 (schemas/resources/business, source business): the caller's records of every resource
 * folder in one list, each with its kind, subject and own state, phased as draft, processing or
 * finished; nobody else's.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;

const mine = async (user: TestUser, body: Record<string, unknown> = {}) =>
  (await call<{ total: number; records: RecordView[] }>(t, user, 'POST', '/api/resources/business/lists/mine', body)).body.data;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer } = await resourceCast(t));
});
afterAll(async () => t.close());

describe('业务管理 across the resource folders', () => {
  it("lists the caller's records of every folder with their own state, phased, and links each to its folder", async () => {
    const invite = (
      await call<RecordView>(t, owner, 'POST', '/api/sys/person/invite/create', inviteData({ inviteTitle: '储能材料成果路演' }))
    ).body.data;
    let financing = (
      await call<RecordView>(t, owner, 'POST', '/api/sys/person/apply/create', financingData({ company: '江城量子精密仪器有限公司' }))
    ).body.data;
    financing = (
      await call<RecordView>(t, owner, 'POST', '/api/resources/financing/transitions/submit', {
        id: financing.id,
        version: financing.version,
      })
    ).body.data;

    const all = await mine(owner);
    expect(all.total).toBe(2);
    expect(
      all.records.map((record) => [
        record.data['kind'],
        record.data['subject'],
        record.data['state'],
        record.status,
        record.data['folder'],
      ]),
    ).toEqual([
      ['融资申请', '江城量子精密仪器有限公司', '待审核', 'processing', 'financing'],
      ['邀请函', '储能材料成果路演', '草稿', 'draft', 'invite'],
    ]);
    expect(all.records[0]?.id).toBe(financing.id);
    expect((await mine(owner, { status: 'draft' })).records.map((record) => record.id)).toEqual([invite.id]);

    await call(t, reviewer, 'POST', '/api/sys/person/apply/audit', { id: financing.id, version: financing.version, decision: 'approve' });
    expect((await mine(owner, { status: 'finished' })).records.map((record) => record.data['state'])).toEqual(['审核通过']);
    expect((await mine(stranger)).total).toBe(0);
    expect((await call(t, undefined, 'POST', '/api/resources/business/lists/mine', {})).status).toBe(401);
  });
});

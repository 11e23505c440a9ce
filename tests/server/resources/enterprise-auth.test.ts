import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { businessLicence, call, creditCode, resourceCast } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { TestUser } from '../helpers/test-users';

/**
 * 我的认证 (schemas/resources/enterprise-auth, no code): a user asks to have their enterprise
 * verified with a stamped letter of authorisation; the reviewer returns it with a note, and
 * verifies it after the fix.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;

const BASE = '/api/resources/enterprise-auth';

async function authData(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    enterpriseName: '江城光电材料科技有限公司',
    creditCode: creditCode(),
    legalPerson: '何建国',
    agentName: '何丽',
    agentPosition: '行政主管',
    agentPhone: '13700002222',
    authorisationLetter: [await businessLicence(t, user, { resource: 'enterprise-auth', field: 'authorisationLetter' })],
    ...overrides,
  };
}

const step = (user: TestUser, name: string, record: Pick<RecordView, 'id' | 'version'>, note?: string) =>
  call<RecordView>(t, user, 'POST', `${BASE}/transitions/${name}`, {
    id: record.id,
    version: record.version,
    ...(note === undefined ? {} : { note }),
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer } = await resourceCast(t));
});
afterAll(async () => t.close());

describe('enterprise verification (resources/enterprise-auth)', () => {
  it('asks for the letter of authorisation on its field', async () => {
    const bad = await call(t, owner, 'POST', `${BASE}/create`, await authData(owner, { authorisationLetter: [] }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'authorisationLetter', message: '请上传授权委托书' })]);
  });

  it('is returned with a note the applicant reads, then verified; strangers see nothing', async () => {
    const created = await call<RecordView>(t, owner, 'POST', `${BASE}/create`, await authData(owner));
    let record = (await step(owner, 'submit', created.body.data)).body.data;
    expect(record.status).toBe('pending');
    expect((await call(t, stranger, 'GET', `${BASE}/detail?id=${record.id}`)).status).toBe(404);
    expect((await step(stranger, 'approve', record)).status).toBe(403);
    record = (await step(reviewer, 'return', record, '授权委托书未加盖企业公章')).body.data;
    const detail = await call<{ history: { note: string | null }[] }>(t, owner, 'GET', `${BASE}/detail?id=${record.id}`);
    expect(detail.body.data.history.at(-1)?.note).toBe('授权委托书未加盖企业公章');
    const edited = await call<RecordView>(t, owner, 'POST', `${BASE}/update`, {
      id: record.id,
      version: record.version,
      data: await authData(owner, { creditCode: record.data['creditCode'] }),
    });
    record = (await step(owner, 'submit', edited.body.data)).body.data;
    record = (await step(reviewer, 'approve', record)).body.data;
    expect(record.status).toBe('approved');
    expect((await step(reviewer, 'reject', record, '重复审核')).status).toBe(409);
  });
});

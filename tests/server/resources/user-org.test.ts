import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import type { UserInfo } from '../../../src/shared/generated/user-info';
import type { UserUnit } from '../../../src/shared/generated/user-unit';
import { call, checkInRecordData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Organisations and their members (schemas/resources/check-in and user-org, no code): an approved
 * settle-in founds an organisation with its applicant as administrator; a user asks to join it
 * (spec §7 /sys/userOrg/*), that administrator alone decides, and an approved membership is a unit
 * the user may switch to, until they leave.
 */
let t: TestApp;
let reviewer: TestUser;
let founder: TestUser;
let otherFounder: TestUser;
let joiner: TestUser;
let orgName: string;
let otherOrgName: string;

const USER_ORG = '/api/sys/userOrg';
let serial = 0;

/** An organisation founded through an approved settle-in, its owner the administrator. */
async function found(owner: TestUser): Promise<string> {
  serial += 1;
  const name = `江城光电材料科技有限公司第${serial}分公司`;
  const created = await call<RecordView>(
    t,
    owner,
    'POST',
    '/api/sys/person/check_in/create',
    await checkInRecordData(t, owner, { orgName: name }),
  );
  if (created.status !== 200) throw new Error(`check-in failed: ${JSON.stringify(created.body)}`);
  const submitted = await call<RecordView>(t, owner, 'POST', '/api/resources/check-in/transitions/submit', {
    id: created.body.data.id,
    version: created.body.data.version,
  });
  const approved = await call<RecordView>(t, reviewer, 'POST', '/api/sys/person/check_in/auditCheckIn', {
    id: submitted.body.data.id,
    version: submitted.body.data.version,
    decision: 'approve',
  });
  if (approved.body.data.status !== 'approved') throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return name;
}

const request = (name: string, overrides: Record<string, unknown> = {}) => ({
  orgName: name,
  department: '光学薄膜研发部',
  position: '工艺工程师',
  note: '新入职员工，申请加入单位',
  ...overrides,
});

async function ask(user: TestUser, name: string): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${USER_ORG}/addUserOrg`, request(name));
  if (status !== 200) throw new Error(`addUserOrg failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

const audit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>, decision: string, note?: string) =>
  call<RecordView>(t, user, 'POST', `${USER_ORG}/auditUserOrg`, {
    id: record.id,
    version: record.version,
    decision,
    ...(note === undefined ? {} : { note }),
  });
const unitNames = async (user: TestUser) =>
  (await call<UserUnit[]>(t, user, 'GET', '/api/integrity/app/user/unit/list')).body.data.map((unit) => unit.name);
const membersSeenBy = async (user: TestUser) =>
  (await call<{ records: RecordView[] }>(t, user, 'GET', `${USER_ORG}/queryUserByOrgId?pageSize=50`)).body.data.records.map(
    (row) => row.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
  founder = await createLoggedInUser(t, 'founder');
  otherFounder = await createLoggedInUser(t, 'founder');
  joiner = await createLoggedInUser(t, 'joiner');
  orgName = await found(founder);
  otherOrgName = await found(otherFounder);
});
afterAll(async () => t.close());

describe('an approved settle-in founds an organisation', () => {
  it('makes its applicant a member and administrator, and the directory lists it', async () => {
    expect(await unitNames(founder)).toContain(orgName);
    expect((await call<UserInfo>(t, founder, 'GET', '/api/integrity/app/user/settings/info')).body.data.orgAdmin).toBe(true);
    expect((await call<UserInfo>(t, joiner, 'GET', '/api/integrity/app/user/settings/info')).body.data.orgAdmin).toBeUndefined();
    // spec: queryOrgByOrgName takes orgName in the query.
    const found = await call<{ total: number; records: RecordView[] }>(
      t,
      joiner,
      'POST',
      `${USER_ORG}/queryOrgByOrgName?orgName=${encodeURIComponent('分公司')}`,
    );
    expect(found.status).toBe(200);
    const entry = found.body.data.records.find((row) => row.data['orgName'] === orgName);
    expect(entry?.data['members']).toBe(1);
    // spec §7 Integrity: common/allUnits is the same directory, page and filter in the query string.
    const all = await call<{ total: number; records: RecordView[] }>(
      t,
      joiner,
      'GET',
      `/api/integrity/app/common/allUnits?pageSize=100&orgName=${encodeURIComponent('分公司')}`,
    );
    expect(all.body.data.records.map((row) => row.data['orgName'])).toEqual(expect.arrayContaining([orgName, otherOrgName]));
    const none = await call<{ total: number }>(
      t,
      joiner,
      'POST',
      `${USER_ORG}/queryOrgByOrgName?orgName=${encodeURIComponent('不存在的单位%')}`,
    );
    expect(none.body.data.total).toBe(0);
    expect((await call(t, undefined, 'POST', `${USER_ORG}/queryOrgByOrgName?orgName=x`)).status).toBe(401);
  });
});

describe('membership requests (/sys/userOrg) from the resource folder', () => {
  it('refuses an organisation that has not settled, on the field', async () => {
    const bad = await call(t, joiner, 'POST', `${USER_ORG}/addUserOrg`, request('并不存在的科技有限公司'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ path: 'orgName', message: '没有找到这个名称的已入驻单位，请输入单位全称' }),
    ]);
    const forged = await call(t, joiner, 'POST', `${USER_ORG}/addUserOrg`, { ...request(orgName), status: 'approved' });
    expect(forged.status).toBe(400);
    expect(forged.body.reason).toBe('massAssignment');
  });

  it("goes to that organisation's administrator alone; approved, the unit switcher offers it until the user leaves", async () => {
    const record = await ask(joiner, orgName);
    expect(record.status).toBe('pending');
    expect(await membersSeenBy(founder)).toContain(record.id);
    // spec: queryUserByOrgId?orgId= narrows to one of the caller's units; another unit's id shows nothing.
    const unitOf = async (user: TestUser, name: string) =>
      (await call<UserUnit[]>(t, user, 'GET', '/api/integrity/app/user/unit/list')).body.data.find((unit) => unit.name === name)?.id ?? '';
    const founderUnit = await unitOf(founder, orgName);
    const byOrg = async (user: TestUser, orgId: string) =>
      (await call<{ records: RecordView[] }>(t, user, 'GET', `${USER_ORG}/queryUserByOrgId?orgId=${orgId}`)).body.data.records.map(
        (row) => row.id,
      );
    expect(await byOrg(founder, founderUnit)).toContain(record.id);
    expect(await byOrg(otherFounder, founderUnit)).toEqual([]);
    expect((await call(t, founder, 'GET', `${USER_ORG}/queryUserByOrgId?orgId=not-a-uuid`)).status).toBe(400);
    // The administrator of another organisation neither sees nor decides it.
    expect(await membersSeenBy(otherFounder)).not.toContain(record.id);
    expect((await call(t, otherFounder, 'GET', `/api/resources/user-org/detail?id=${record.id}`)).status).toBe(404);
    expect((await audit(otherFounder, record, 'approve')).status).toBe(404);
    // Nobody approves their own request; a plain user has no administrator's list.
    expect((await audit(joiner, record, 'approve')).status).toBe(403);
    expect(await membersSeenBy(joiner)).toEqual([]);
    expect(await unitNames(joiner)).not.toContain(orgName);

    const approved = (await audit(founder, record, 'approve', '欢迎加入')).body.data;
    expect(approved.status).toBe('approved');
    expect((await audit(founder, approved, 'reject', '重复审核')).status).toBe(409);
    const units = (await call<UserUnit[]>(t, joiner, 'GET', '/api/integrity/app/user/unit/list')).body.data;
    const unit = units.find((candidate) => candidate.name === orgName);
    expect(unit).toBeDefined();
    expect((await call(t, joiner, 'POST', `/api/integrity/app/user/settings/unit?unitId=${unit?.id}`)).status).toBe(200);
    const mine = await call<{ records: RecordView[] }>(t, joiner, 'GET', `${USER_ORG}/queryOrgByUserId`);
    expect(mine.body.data.records.find((row) => row.id === record.id)?.actions).toEqual(['leave']);

    const left = await call<RecordView>(t, joiner, 'POST', '/api/resources/user-org/transitions/leave', {
      id: approved.id,
      version: approved.version,
    });
    expect(left.body.data.status).toBe('left');
    expect(await unitNames(joiner)).not.toContain(orgName);
    expect((await call(t, joiner, 'POST', `/api/integrity/app/user/settings/unit?unitId=${unit?.id}`)).status).toBe(404);
    expect((await call<UserInfo>(t, joiner, 'GET', '/api/integrity/app/user/settings/info')).body.data.unit).toBeNull();
  });

  it("rejects only with a note, which the user reads; recalls, and deletes through the spec's GET calls", async () => {
    const record = await ask(joiner, orgName);
    expect((await audit(founder, record, 'reject')).status).toBe(400);
    const rejected = (await audit(founder, record, 'reject', '请使用单位邮箱注册的账号申请')).body.data;
    expect(rejected.status).toBe('rejected');
    const detail = await call<{ history: { note: string | null }[] }>(t, joiner, 'GET', `/api/resources/user-org/detail?id=${record.id}`);
    expect(detail.body.data.history.at(-1)?.note).toBe('请使用单位邮箱注册的账号申请');

    const again = await ask(joiner, orgName);
    const recalled = await call<RecordView>(t, joiner, 'GET', `${USER_ORG}/recallUserOrg?id=${again.id}`);
    expect(recalled.body.data.status).toBe('recalled');
    // A recalled request is its owner's alone again.
    expect(await membersSeenBy(founder)).not.toContain(again.id);
    expect((await call(t, undefined, 'GET', `${USER_ORG}/deleteUserOrg?id=${again.id}`)).status).toBe(401);
    expect((await call(t, founder, 'GET', `${USER_ORG}/deleteUserOrg?id=${again.id}`)).status).toBe(404);
    expect((await call(t, joiner, 'GET', `${USER_ORG}/deleteUserOrg?id=${again.id}`)).status).toBe(200);
  });

  it('moves a changed request to the organisation it now names', async () => {
    const record = await ask(joiner, orgName);
    const moved = await call<RecordView>(t, joiner, 'POST', `${USER_ORG}/updateUserOrg`, {
      id: record.id,
      version: record.version,
      data: request(otherOrgName),
    });
    expect(moved.status).toBe(200);
    expect(await membersSeenBy(founder)).not.toContain(record.id);
    expect(await membersSeenBy(otherFounder)).toContain(record.id);
    const unknown = await call(t, joiner, 'POST', `${USER_ORG}/updateUserOrg`, {
      id: record.id,
      version: moved.body.data.version,
      data: request('并不存在的科技有限公司'),
    });
    expect(unknown.status).toBe(400);
    await call(t, joiner, 'GET', `${USER_ORG}/deleteUserOrg?id=${record.id}`);
  });

  it('gives one winner when approve and reject race', async () => {
    const record = await ask(joiner, otherOrgName);
    const results = await Promise.all([audit(otherFounder, record, 'approve'), audit(otherFounder, record, 'reject', '不是本单位员工')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});

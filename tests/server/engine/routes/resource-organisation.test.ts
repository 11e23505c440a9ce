import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../../src/server/services/users/user-units';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { call, createResourceTestApp, UNIT_REPORT, unitReportData } from '../../helpers/resource-fixtures';
import type { TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * A record type owned by an organisation (tests/fixtures/resources/unit-report): a member reports,
 * an administrator of that member's unit confirms or returns it (actor orgAdmin), and the commission's
 * reviewer registers it. Nobody else's unit, and nobody's own record.
 */
let t: TestApp;
let member: TestUser;
let colleague: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let reviewer: TestUser;

const base = `/api/resources/${UNIT_REPORT}`;

async function inUnit(user: TestUser, unitName: string, isAdmin = false): Promise<TestUser> {
  const unitId = await linkUserUnit(t.db, user.id, unitName);
  await selectUserUnit(t.db, user.id, unitId);
  if (isAdmin) await setUnitAdmin(t.db, user.id, unitId, true);
  return user;
}

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${base}/create`, unitReportData(overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

function take(user: TestUser, name: string, record: Pick<RecordView, 'id' | 'version'>, note?: string) {
  return call<RecordView>(t, user, 'POST', `${base}/transitions/${name}`, {
    id: record.id,
    version: record.version,
    ...(note === undefined ? {} : { note }),
  });
}

async function unitList(user: TestUser): Promise<RecordView[]> {
  const { status, body } = await call<{ records: RecordView[] }>(t, user, 'POST', `${base}/lists/unit`, {});
  expect(status).toBe(200);
  return body.data.records;
}

beforeAll(async () => {
  t = await createResourceTestApp();
  member = await inUnit(await createLoggedInUser(t, 'member'), '星河光电研究院');
  colleague = await inUnit(await createLoggedInUser(t, 'colleague'), '星河光电研究院');
  admin = await inUnit(await createLoggedInUser(t, 'admin'), '星河光电研究院', true);
  otherAdmin = await inUnit(await createLoggedInUser(t, 'otheradmin'), '青禾生物技术研究所', true);
  reviewer = await inUnit(await createLoggedInUser(t, 'reviewer', 'reviewer'), '市科技创新服务中心');
});
afterAll(async () => t.close());

describe("an organisation's records and its administrator (actor orgAdmin)", () => {
  it("keeps a member's draft to themselves, then shows it to the unit once submitted", async () => {
    const record = await create(member, { outputTitle: '高灵敏度单光子探测器阵列' });
    expect(record).toMatchObject({ status: 'draft', editable: true, actions: ['submit'] });
    expect((await unitList(colleague)).map((row) => row.id)).not.toContain(record.id);
    expect((await unitList(admin)).map((row) => row.id)).not.toContain(record.id);
    expect((await call(t, admin, 'GET', `${base}/detail?id=${record.id}`)).status).toBe(404);

    const submitted = (await take(member, 'submit', record)).body.data;
    const seenByColleague = (await unitList(colleague)).find((row) => row.id === record.id);
    expect(seenByColleague).toMatchObject({ status: 'submitted', actions: [] });
    const seenByAdmin = (await unitList(admin)).find((row) => row.id === record.id);
    expect(seenByAdmin).toMatchObject({ status: 'submitted', actions: ['confirm', 'return'] });
    expect((await unitList(otherAdmin)).map((row) => row.id)).not.toContain(record.id);
    expect(submitted.status).toBe('submitted');
  });

  it("lets only an administrator of the record's own unit decide, never on their own record", async () => {
    let record = (await take(member, 'submit', await create(member, { outputTitle: '面向光通信的硅基调制器' }))).body.data;
    // Another unit's administrator and a plain colleague cannot see it to decide; a reviewer sees it but is no unit admin.
    expect((await take(otherAdmin, 'confirm', record)).status).toBe(404);
    expect((await take(colleague, 'confirm', record)).status).toBe(404);
    expect((await take(reviewer, 'confirm', record)).status).toBe(403);
    // The reviewer's own step waits for the unit's.
    expect((await take(reviewer, 'approve', record)).status).toBe(409);

    const noNote = await take(admin, 'return', record);
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors?.[0]?.path).toBe('note');
    record = (await take(admin, 'return', record, '请补充成果的知识产权归属说明')).body.data;
    expect(record.status).toBe('returned');
    record = (await take(member, 'submit', record)).body.data;
    record = (await take(admin, 'confirm', record, '情况属实，同意推荐')).body.data;
    expect(record.status).toBe('confirmed');
    const approved = await take(reviewer, 'approve', record);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');

    const own = (await take(admin, 'submit', await create(admin, { outputTitle: '管理员自己的成果' }))).body.data;
    expect((await take(admin, 'confirm', own)).status).toBe(403);
    expect((await unitList(admin)).find((row) => row.id === own.id)?.actions).toEqual([]);
  });

  it('needs a current unit to create, and the concurrent confirm and return give one winner and one 409', async () => {
    const unitless = await createLoggedInUser(t, 'unitless');
    const refused = await call(t, unitless, 'POST', `${base}/create`, unitReportData());
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('noCurrentUnit');

    const record = (await take(member, 'submit', await create(member, { outputTitle: '可见光通信芯片' }))).body.data;
    const results = await Promise.all([take(admin, 'confirm', record), take(admin, 'return', record, '材料不全')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});

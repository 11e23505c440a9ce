import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { UserInfo } from '../../../../src/shared/generated/user-info';
import type { Workbench } from '../../../../src/shared/generated/workbench';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../../src/server/services/users/user-units';
import { businessLicence, call, creditRecordData } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * 工作台 (issue 31 item 2): the queues come from the workflows' waitsFor states and are counted by the
 * lists' own queries, so each count is the total of its list filtered by the state, for the same
 * user; a unit's administrator counts their own unit's records only.
 */
let t: TestApp;
let officer: TestUser;
let jiangchengMember: TestUser;
let linchuanMember: TestUser;
let jiangchengAdmin: TestUser;
let linchuanAdmin: TestUser;
let reviewer: TestUser;
let plain: TestUser;

async function inUnit(user: TestUser, unitName: string, isAdmin = false): Promise<TestUser> {
  const unitId = await linkUserUnit(t.db, user.id, unitName);
  await selectUserUnit(t.db, user.id, unitId);
  if (isAdmin) await setUnitAdmin(t.db, user.id, unitId, true);
  return user;
}

async function creditInForce(basisName: string): Promise<void> {
  const saved = (await call<RecordView>(t, officer, 'POST', '/api/integrity/app/credit/info/save', creditRecordData({ basisName }))).body
    .data;
  await call(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: saved.id, version: saved.version });
}

/** A credit repair by `member`, submitted to their unit (unitReview) unless `submit` is false (a draft). */
async function repair(member: TestUser, basisName: string, submit = true): Promise<RecordView> {
  const created = await call<RecordView>(t, member, 'POST', '/api/integrity/app/common/fix', {
    basisName,
    subjectType: 'person',
    subjectName: '王某某',
    idNumber: '110105199003071239',
    reason: '处理决定执行期间认真整改，已按要求撤回相关论文并完成科研诚信专题培训。',
    measures: '撤回涉事论文，重新核验原始数据，所在实验室建立数据双人复核制度。',
    evidence: [await businessLicence(t, member, { resource: 'credit-fix', field: 'evidence' })],
    contactName: '王某某',
    contactPhone: '13700002222',
  });
  if (created.status !== 200) throw new Error(`repair failed: ${JSON.stringify(created.body)}`);
  if (!submit) return created.body.data;
  const { id, version } = created.body.data;
  return (await call<RecordView>(t, member, 'POST', '/api/resources/credit-fix/transitions/submit', { id, version })).body.data;
}

const workbench = async (user: TestUser): Promise<Workbench> => (await call<Workbench>(t, user, 'GET', '/api/workbench')).body.data;

const listed = async (user: TestUser, resource: string, list: string, status: string) =>
  (
    await call<{ total: number; records: RecordView[] }>(t, user, 'POST', `/api/resources/${resource}/lists/${list}`, {
      status,
      pageSize: 100,
    })
  ).body.data;

/** Every queue's count is its list's total for the state, and its oldest is the list's least recently changed row. */
async function expectCountsAsLists(user: TestUser, queues: Workbench['staff']): Promise<void> {
  for (const queue of queues) {
    const page = await listed(user, queue.resource, queue.list, queue.state);
    expect(queue.count, `${queue.resource}/${queue.list}/${queue.state}`).toBe(page.total);
    if (page.total === 0) continue;
    const oldest = page.records.map((row) => row.updatedAt).sort()[0];
    expect(queue.oldestAt).toBe(oldest);
    expect(page.records.map((row) => row.id)).toContain(queue.oldestId);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
  plain = await createLoggedInUser(t, 'plain');
  jiangchengMember = await inUnit(await createLoggedInUser(t, 'jcmember'), '江城大学');
  linchuanMember = await inUnit(await createLoggedInUser(t, 'lcmember'), '临川理工学院');
  jiangchengAdmin = await inUnit(await createLoggedInUser(t, 'jcadmin'), '江城大学', true);
  linchuanAdmin = await inUnit(await createLoggedInUser(t, 'lcadmin'), '临川理工学院', true);
  await creditInForce('江科信〔2026〕41号处理决定');
  await repair(jiangchengMember, '江科信〔2026〕41号处理决定');
  await repair(jiangchengMember, '江科信〔2026〕41号处理决定');
  await repair(linchuanMember, '江科信〔2026〕41号处理决定');
  await repair(linchuanMember, '江科信〔2026〕41号处理决定', false);
});
afterAll(async () => t.close());

describe('GET /api/workbench', () => {
  it("counts a unit administrator's queue from their own unit only, equal to the administered list's total", async () => {
    const ours = (await workbench(jiangchengAdmin)).staff.find((queue) => queue.resource === 'credit-fix');
    expect(ours).toMatchObject({ list: 'unit', state: 'unitReview', count: 2, href: '/resources/credit-fix/lists/unit?status=unitReview' });
    const theirs = (await workbench(linchuanAdmin)).staff.find((queue) => queue.resource === 'credit-fix');
    expect(theirs?.count).toBe(1);
    // The other unit's records are not among the oldest either.
    const ownIds = (await listed(jiangchengAdmin, 'credit-fix', 'unit', 'unitReview')).records.map((row) => row.id);
    expect(ownIds).toContain(ours?.oldestId);
    expect(ours?.oldestHref).toBe(`/resources/credit-fix/detail?id=${ours?.oldestId ?? ''}`);
    await expectCountsAsLists(jiangchengAdmin, (await workbench(jiangchengAdmin)).staff);
    await expectCountsAsLists(linchuanAdmin, (await workbench(linchuanAdmin)).staff);
  });

  it('gives staff their queues from the workflows, each counted as its list counts it, the applications review included', async () => {
    const officers = await workbench(officer);
    expect(officers.hasQueues).toBe(true);
    // The commission reviews after the unit: nothing has reached it yet, and it is still the officer's queue.
    expect(officers.staff).toContainEqual(
      expect.objectContaining({ resource: 'credit-fix', list: 'all', state: 'commissionReview', count: 0 }),
    );
    // Content lists (publication: published) wait for nobody.
    expect(officers.staff.some((queue) => queue.state === 'published')).toBe(false);
    await expectCountsAsLists(officer, officers.staff);
    const reviewers = await workbench(reviewer);
    expect(reviewers.staff).toContainEqual(expect.objectContaining({ resource: 'application', list: 'review', state: 'submitted' }));
    await expectCountsAsLists(reviewer, reviewers.staff);
  });

  it('shows an applicant their own waiting records (a draft) and no staff queue', async () => {
    const theirs = await workbench(linchuanMember);
    expect(theirs.hasQueues).toBe(false);
    expect(theirs.staff).toEqual([]);
    expect(theirs.own).toEqual([expect.objectContaining({ resource: 'credit-fix', list: 'mine', state: 'draft', count: 1 })]);
    expect((await listed(linchuanMember, 'credit-fix', 'mine', 'draft')).total).toBe(1);
    expect(await workbench(plain)).toEqual({ hasQueues: false, staff: [], own: [] });
  });

  it('tells the user info whether the user has a workbench, and refuses a visitor', async () => {
    const info = async (user: TestUser) => (await call<UserInfo>(t, user, 'GET', '/api/integrity/app/user/settings/info')).body.data;
    expect((await info(officer)).workbench).toBe(true);
    expect((await info(jiangchengAdmin)).workbench).toBe(true);
    expect((await info(plain)).workbench).toBeUndefined();
    expect((await call(t, undefined, 'GET', '/api/workbench')).status).toBe(401);
  });
});

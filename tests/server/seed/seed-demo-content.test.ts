import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../src/shared/generated/notification';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { messages, records, users } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/services/auth/session-store';
import { seedDemoContent } from '../../../src/server/seed/seed-demo-content';
import { call } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { login, type TestUser } from '../helpers/test-users';
import { DEMO_PASSWORD } from '../../../src/server/seed/seed-demo-users';

let t: TestApp;
const tokens = new Map<string, string>();
/** A demo account, logged in once per file (the login route's rate limit); only its headers are used. */
async function as(username: string): Promise<TestUser> {
  const token = tokens.get(username) ?? (await login(t.app, username, DEMO_PASSWORD));
  tokens.set(username, token);
  return { id: '', username, password: DEMO_PASSWORD, token, auth: { authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

describe('the embedded demo content', () => {
  it('gives the demo applicant unread notices of the seeded decisions, each leading to its record (workflow notify)', async () => {
    // A session opened directly: the file's other tests use up the login route's limit.
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'applicant'));
    const token = await createSession(t.db, row?.id ?? '', t.clock.now());
    const applicant: TestUser = {
      id: row?.id ?? '',
      username: 'applicant',
      password: '',
      token,
      auth: { authorization: `Bearer ${token}` },
    };
    const page = await call<{ total: number; records: Notification[] }>(t, applicant, 'POST', '/api/notifications/list', { pageSize: 50 });
    const titles = page.body.data.records.map((notice) => notice.title);
    expect(titles).toEqual(expect.arrayContaining(['融资申请·审核通过', '融资申请·退回修改', '科技需求·不予通过']));
    expect(page.body.data.records.every((notice) => !notice.read && notice.href.startsWith('/resources/'))).toBe(true);
    const count = await call<{ count: number }>(t, applicant, 'GET', '/api/notifications/unread-count');
    expect(count.body.data.count).toBe(page.body.data.total);
  });

  it('gives public incubators, technologies, show-case items and events a picture drawn here, which visitors can read', async () => {
    for (const resource of ['incubator', 'technology', 'showcase', 'event']) {
      const answer = await t.app.inject({ method: 'POST', url: `/api/resources/${resource}/lists/published`, payload: { pageSize: 100 } });
      const listed = answer.json<{ data: { records: RecordView[] } }>().data.records;
      expect(listed.length, resource).toBeGreaterThan(5);
      for (const { id } of listed.slice(0, 3)) {
        const detail = await t.app.inject({ method: 'GET', url: `/api/resources/${resource}/detail?id=${id}` });
        const cover = detail.json<{ data: RecordView }>().data.data['cover'] as { id: string; type: string }[] | undefined;
        expect(cover?.[0]?.type, `${resource} ${id}`).toBe('png');
        const image = await t.app.inject({ method: 'GET', url: `/api/files/public/${cover?.[0]?.id ?? ''}` });
        expect(image.statusCode, resource).toBe(200);
        // A PNG file's signature: the picture itself, drawn by demo-image.ts.
        expect(image.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
    }
  });

  it('seeds needs and invitations in several states, owned by the demo accounts', async () => {
    const statuses = async (resource: string) =>
      (await t.db.select({ status: records.status }).from(records).where(eq(records.resource, resource))).map((row) => row.status).sort();
    // Eleven published for the needs hall (issue 30 item 6), the rest in the states a reviewer meets.
    expect(await statuses('need')).toEqual([
      ...Array<string>(11).fill('approved'),
      'pending',
      'pending',
      'pending',
      'recalled',
      'rejected',
    ]);
    expect(await statuses('invite')).toEqual(['approved', 'approved', 'draft', 'pending', 'rejected']);

    const applicant = await as('applicant');
    const reviewer = await as('reviewer');
    const mine = await call<{ total: number; records: RecordView[] }>(t, applicant, 'POST', '/api/sys/person/need/queryMyNeedList', {});
    expect(mine.body.data.total).toBe(6);
    const queue = await call<{ total: number }>(t, reviewer, 'POST', '/api/sys/person/need/queryNeedList', { status: 'pending' });
    expect(queue.body.data.total).toBe(3);
    // A rejected record carries the reviewer's note in its history.
    const rejected = mine.body.data.records.find((record) => record.status === 'rejected')!;
    const detail = await call<{ history: { note: string | null }[] }>(t, applicant, 'GET', `/api/sys/person/need/get?id=${rejected.id}`);
    expect(detail.body.data.history.at(-1)?.note).toBe('请补充预期技术指标和现有工作基础后重新提交');

    // 对接 requests: two to 张伟's published needs, from 刘畅 and 赵磊, and one he sent to 赵磊's.
    const received = await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/resources/need-contact/lists/received', {});
    expect(received.body.data.records.map((record) => [record.data['contactName'], record.data['needTitle']]).sort()).toEqual([
      ['刘畅', '工业设备预测性维护算法'],
      ['赵磊', '分布式光伏运维平台A轮融资'],
    ]);
    const sent = await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/resources/need-contact/lists/mine', {});
    expect(sent.body.data.records.map((record) => record.data['needTitle'])).toEqual(['碳纤维复合材料回收再利用工艺']);
    const orgadmin = await as('orgadmin');
    const toOrgadmin = await call<{ records: RecordView[] }>(t, orgadmin, 'POST', '/api/resources/need-contact/lists/received', {});
    expect(toOrgadmin.body.data.records.map((record) => record.data['contactName'])).toEqual(['张伟']);

    const invited = await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/sys/person/invite/queryGzMyInviteList', {});
    expect(invited.body.data.records.map((record) => record.data['inviteTitle'])).toEqual(['生物医药企业与临床机构对接洽谈']);
    expect(invited.body.data.records[0]?.actions).toEqual(['accept']);

    // Settle-in applications with their licence, which the reviewer can open.
    expect(await statuses('check-in')).toEqual(['approved', 'pending', 'returned']);
    const settleIns = await call<{ records: RecordView[] }>(t, reviewer, 'POST', '/api/sys/person/check_in/queryCheckInList', {
      status: 'pending',
    });
    const licence = (settleIns.body.data.records[0]?.data['businessLicence'] as { id: string }[] | undefined)?.[0];
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/sys/form/data/attachment/${licence?.id ?? 'none'}`,
      headers: reviewer.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('seeds membership requests: a member, a refusal with its note, and one waiting for 陈静', async () => {
    const statuses = (await t.db.select({ status: records.status }).from(records).where(eq(records.resource, 'user-org')))
      .map((row) => row.status)
      .sort();
    expect(statuses).toEqual(['approved', 'pending', 'rejected']);
    const unitadmin = await as('unitadmin');
    const waiting = await call<{ records: RecordView[] }>(t, unitadmin, 'GET', '/api/sys/userOrg/queryUserByOrgId');
    expect(waiting.body.data.records.map((record) => [record.ownerName, record.status])).toEqual([['刘畅', 'pending']]);
    const orgadmin = await as('orgadmin');
    const decided = await call<{ records: RecordView[] }>(t, orgadmin, 'GET', '/api/sys/userOrg/queryUserByOrgId');
    expect(decided.body.data.records.map((record) => record.status).sort()).toEqual(['approved', 'rejected']);
    const integrity = await as('integrity');
    const refused = (await call<{ records: RecordView[] }>(t, integrity, 'GET', '/api/sys/userOrg/queryOrgByUserId')).body.data.records[0];
    const detail = await call<{ history: { note: string | null }[] }>(
      t,
      integrity,
      'GET',
      `/api/resources/user-org/detail?id=${refused?.id ?? ''}`,
    );
    expect(detail.body.data.history.at(-1)?.note).toBe('经核实，申请人不是本单位在职员工，请以所在单位名义办理');
  });

  it("seeds financing applications of every kind, one returned with the reviewer's note", async () => {
    const applicant = await as('applicant');
    const equity = await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/sys/person/apply/queryMyFinancingList', {});
    expect(equity.body.data.records.map((record) => record.status)).toEqual(['approved']);
    const loans = (await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/sys/person/apply/queryMyLoanList', {})).body.data
      .records;
    expect(loans.map((record) => record.status)).toEqual(['returned']);
    const detail = await call<{ history: { note: string | null }[] }>(
      t,
      applicant,
      'GET',
      `/api/sys/person/apply/detail?id=${loans[0]?.id ?? ''}`,
    );
    expect(detail.body.data.history.at(-1)?.note).toBe('请补充近两年经审计的财务报表和知识产权评估报告');
    const reviewer = await as('reviewer');
    const queue = await call<{ records: RecordView[] }>(t, reviewer, 'POST', '/api/sys/person/apply/queryApplyList', { status: 'pending' });
    expect(queue.body.data.records.map((record) => record.data['applyType'])).toEqual(['institution']);
  });

  it('seeds credit records entered by 王强, the identity numbers masked in the list', async () => {
    const integrity = await as('integrity');
    const list = await call<{ records: RecordView[] }>(t, integrity, 'POST', '/api/integrity/app/credit/info/list', {});
    expect(list.body.data.records.map((record) => record.status).sort()).toEqual(['draft', 'effective', 'effective']);
    const people = list.body.data.records.filter((record) => record.data['subjectType'] === 'person');
    expect(people.map((record) => record.data['idNumber'])).toEqual(people.map(() => expect.stringMatching(/^\d{6}\*{8}\d{3}[\dX]$/)));
  });

  it("seeds messages with the commission's replies", async () => {
    const applicant = await as('applicant');
    const mine = await call<{ records: RecordView[] }>(t, applicant, 'POST', '/api/resources/message/lists/mine', {});
    expect(mine.body.data.records.map((record) => record.status).sort()).toEqual(['pending', 'replied']);
    expect(await t.db.select({ id: messages.id }).from(messages).where(isNotNull(messages.reply))).toHaveLength(2);
  });

  it("seeds visitors' sign-ups for every published event, each sent before its event began, the editor seeing them masked", async () => {
    const events = await t.db
      .select({ id: records.id, data: records.data, status: records.status })
      .from(records)
      .where(eq(records.resource, 'event'));
    const signups = await t.db
      .select({ data: records.data, ownerId: records.ownerId, createdAt: records.createdAt })
      .from(records)
      .where(eq(records.resource, 'event-signup'));
    const published = events.filter((event) => event.status === 'published');
    expect(published.length).toBeGreaterThan(0);
    for (const event of published) {
      const mine = signups.filter((signup) => signup.data['eventId'] === event.id);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.length).toBeLessThanOrEqual(Number(event.data['capacity']));
      for (const signup of mine) expect(signup.createdAt.getTime()).toBeLessThan(Date.parse(String(event.data['startsAt'])));
    }
    // Sent by visitors (anonymousCreate): nobody's own record, and one phone per event (the folder's unique set).
    expect(signups.every((signup) => signup.ownerId === null)).toBe(true);
    expect(new Set(signups.map((signup) => `${String(signup.data['eventId'])}/${String(signup.data['phone'])}`)).size).toBe(signups.length);
    const editor = await as('editor');
    const list = await call<{ records: RecordView[] }>(t, editor, 'POST', '/api/resources/event-signup/lists/all', {});
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.map((record) => record.data['phone'])).toEqual(
      list.body.data.records.map(() => expect.stringMatching(/^\d{3}\*{4}\d{4}$/)),
    );
  });

  it('adds nothing on a second start', async () => {
    const before = (await t.db.select({ id: records.id }).from(records)).length;
    const messagesBefore = (await t.db.select({ id: messages.id }).from(messages)).length;
    await seedDemoContent(t.db, { resources: t.app.resources, schemas: t.app.schemaRegistry }, t.clock.now(), t.app.fileStore);
    expect((await t.db.select({ id: records.id }).from(records)).length).toBe(before);
    expect((await t.db.select({ id: messages.id }).from(messages)).length).toBe(messagesBefore);
  });
});

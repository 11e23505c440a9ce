import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import type { ResourcePages } from '../../../src/shared/generated/resource-pages';
import type { SearchPage } from '../../../src/shared/generated/search-page';
import { call, needData, type Envelope } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * 需求大厅 (issue 30 item 6), from the need and need-contact folders alone: approved needs are public
 * without their contact, found by the portal's search, and a logged-in user reaches a need's owner
 * through a 对接 request that only that owner (scope targetOwner) and its sender read.
 */
let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let requester: TestUser;
let stranger: TestUser;
let reviewer: TestUser;

const NEED = '/api/resources/need';
const CONTACT = '/api/resources/need-contact';
/** What the need's owner keeps from the public: the contact person. */
const PRIVATE_FIELDS = ['contactName', 'contactPhone', 'code'];
const VISITOR_FIELDS = ['needTitle', 'needType', 'field', 'company', 'budget', 'expectedDate', 'description'];

type Page = { total: number; records: RecordView[] };
type Detail = RecordView & { history: unknown[] };

async function visitor<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
): Promise<{ status: number; body: Envelope<T> }> {
  return call<T>(t, undefined, method, url, payload);
}

/** A need by `user`, approved by the reviewer unless asked to stay pending. */
async function need(user: TestUser, overrides: Record<string, unknown> = {}, approve = true): Promise<RecordView> {
  await call(t, user, 'GET', `${NEED}/captcha`);
  const created = await call<RecordView>(t, user, 'POST', `${NEED}/create`, needData(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (!approve) return created.body.data;
  const approved = await call<RecordView>(t, reviewer, 'POST', `${NEED}/transitions/approve`, {
    id: created.body.data.id,
    version: created.body.data.version,
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body.data;
}

function contactData(about: RecordView, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    needId: about.id,
    needTitle: about.data['needTitle'],
    message: '我们团队在工业视觉检测方面有五年积累，可提供算法授权与现场部署，希望进一步沟通技术指标。',
    org: '江城理工大学机器视觉实验室',
    contactName: '吴晓峰',
    contactPhone: '13912340001',
    contactEmail: 'wuxf@jcut.edu.cn',
    ...overrides,
  };
}

async function search(keyword: string): Promise<SearchPage> {
  const response = await t.app.inject({ method: 'GET', url: '/api/sys/api/search', query: { keyword } });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<SearchPage>>().data;
}

const ids = (page: Page): string[] => page.records.map((record) => record.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createLoggedInUser(t, 'needowner');
  otherOwner = await createLoggedInUser(t, 'needowner2');
  requester = await createLoggedInUser(t, 'requester');
  stranger = await createLoggedInUser(t, 'stranger');
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
});
afterAll(async () => t.close());

describe('the needs hall: approved needs are public, without their contact', () => {
  it('lists approved needs to a visitor, newest first, with the visitor fields only, and filters by type, field and keyword', async () => {
    const older = await need(owner, { needTitle: '风电叶片无损探伤机器人研制', needType: '1', field: '08' });
    const newer = await need(otherOwner, { needTitle: '储能电站热失控预警融资', needType: '2', field: '06' });
    const pending = await need(owner, { needTitle: '待审核的智慧农业传感需求' }, false);
    const all = await visitor<Page>('POST', `${NEED}/lists/hall`, {});
    expect(all.status).toBe(200);
    expect(ids(all.body.data)).toEqual(expect.arrayContaining([older.id, newer.id]));
    expect(ids(all.body.data)).not.toContain(pending.id);
    expect(ids(all.body.data).indexOf(newer.id)).toBeLessThan(ids(all.body.data).indexOf(older.id));
    for (const record of all.body.data.records) {
      expect(Object.keys(record.data).filter((field) => !VISITOR_FIELDS.includes(field))).toEqual([]);
      expect(record.ownerName).toBeNull();
    }
    const byType = await visitor<Page>('POST', `${NEED}/lists/hall`, { needType: '2' });
    expect(ids(byType.body.data)).toEqual([newer.id]);
    const byField = await visitor<Page>('POST', `${NEED}/lists/hall`, { field: '08' });
    expect(ids(byField.body.data)).toEqual([older.id]);
    const byWord = await visitor<Page>('POST', `${NEED}/lists/hall`, { needTitle: '探伤' });
    expect(ids(byWord.body.data)).toEqual([older.id]);
    // Sorting or filtering by the contact is refused: the list's request names its own fields only.
    expect((await visitor('POST', `${NEED}/lists/hall`, { contactName: '周敏' })).status).toBe(400);
  });

  it('opens an approved need to a visitor and a stranger without its contact, and keeps an unapproved one a 404', async () => {
    const open = await need(owner, { needTitle: '高海拔光伏组件抗紫外封装材料' });
    const pending = await need(owner, { needTitle: '尚未审核的矿山安全监测需求' }, false);
    for (const user of [undefined, stranger]) {
      const detail = await call<Detail>(t, user, 'GET', `${NEED}/detail?id=${open.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data.data['needTitle']).toBe('高海拔光伏组件抗紫外封装材料');
      for (const field of PRIVATE_FIELDS) expect(detail.body.data.data, field).not.toHaveProperty(field);
      expect(detail.body.data.shownFields).toEqual(VISITOR_FIELDS);
      expect(detail.body.data.history).toEqual([]);
      expect(JSON.stringify(detail.body.data)).not.toContain('13600001111');
      expect((await call(t, user, 'GET', `${NEED}/detail?id=${pending.id}`)).status).toBe(404);
    }
    // Its owner and the reviewers still read all of it, the contact's phone whole for the owner and masked for the
    // reviewer, who may unmask it (SECURITY R35, ADR 0065).
    for (const [user, phone] of [
      [owner, '13600001111'],
      [reviewer, '136****1111'],
    ] as const) {
      const detail = await call<Detail>(t, user, 'GET', `${NEED}/detail?id=${open.id}`);
      expect(detail.body.data.data['contactPhone']).toBe(phone);
      expect(detail.body.data.shownFields).toBeUndefined();
    }
  });

  it("is found by the portal's search once approved, by its words but never by its contact", async () => {
    const pending = await need(owner, { needTitle: '盾构机刀盘磨损在线监测', contactName: '欧阳澜' }, false);
    expect((await search('盾构机刀盘')).total).toBe(0);
    const approved = await call<RecordView>(t, reviewer, 'POST', `${NEED}/transitions/approve`, {
      id: pending.id,
      version: pending.version,
    });
    expect(approved.status).toBe(200);
    const found = await search('盾构机刀盘');
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({ href: `/home/need/detail?id=${pending.id}`, kind: '技术需求', sourceTitle: '科技需求' });
    expect((await search('欧阳澜')).total).toBe(0);
  });

  it('places the hall, the detail and the contact form at their pages, the hall for visitors', async () => {
    const pages = (await visitor<ResourcePages>('GET', '/api/resources/pages')).body.data.pages;
    expect(pages.find((page) => page.path === '/home/need/list')).toMatchObject({
      resource: 'need',
      page: 'list',
      list: 'hall',
      public: true,
    });
    expect(pages.find((page) => page.path === '/home/need/detail')).toMatchObject({
      page: 'detail',
      public: true,
      links: [{ title: '我要对接', titleEn: 'Get in touch', href: '/home/need/contact?needId={id}&needTitle={needTitle}' }],
    });
    const form = pages.find((page) => page.path === '/home/need/contact');
    expect(form).toMatchObject({
      resource: 'need-contact',
      page: 'new',
      query: ['needId', 'needTitle'],
      about: { resource: 'need', field: 'needTitle', query: 'needId' },
    });
    expect(form?.public).toBeUndefined();
  });
});

describe('a 对接 request reaches the need owner alone (list scope targetOwner)', () => {
  it('refuses a visitor (401) and a need that is not public, and takes a logged-in user’s once per mobile number', async () => {
    const open = await need(owner, { needTitle: '注塑模具随形冷却水路设计' });
    const pending = await need(owner, { needTitle: '尚未发布的纺织印染废水回用' }, false);
    expect((await visitor('POST', `${CONTACT}/create`, contactData(open))).status).toBe(401);
    const hidden = await call(t, requester, 'POST', `${CONTACT}/create`, contactData(pending));
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors?.[0]).toMatchObject({
      path: 'needId',
      keyword: 'target',
      message: '没有找到这条已发布的需求，请从需求大厅重新发起对接',
    });
    // The title travels with the id and must be the need's own.
    expect((await call(t, requester, 'POST', `${CONTACT}/create`, contactData(open, { needTitle: '别的需求名称' }))).status).toBe(400);
    expect((await call(t, requester, 'POST', `${CONTACT}/create`, contactData(open))).status).toBe(200);
    const again = await call(t, requester, 'POST', `${CONTACT}/create`, contactData(open));
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]).toMatchObject({ path: 'contactPhone', keyword: 'unique' });
  });

  it("shows the owner the requests to their needs with the requester's contact, never another owner's, and the sender their own", async () => {
    const mine = await need(owner, { needTitle: '锂电池极耳激光焊接质量检测' });
    const theirs = await need(otherOwner, { needTitle: '农产品冷链物流温控追溯' });
    const toMine = (await call<RecordView>(t, requester, 'POST', `${CONTACT}/create`, contactData(mine, { contactPhone: '13912340002' })))
      .body.data;
    const toTheirs = (
      await call<RecordView>(
        t,
        stranger,
        'POST',
        `${CONTACT}/create`,
        contactData(theirs, { contactName: '郑岚', contactPhone: '13912340003' }),
      )
    ).body.data;

    const received = await call<Page>(t, owner, 'POST', `${CONTACT}/lists/received`, {});
    expect(received.status).toBe(200);
    expect(ids(received.body.data)).toContain(toMine.id);
    expect(ids(received.body.data)).not.toContain(toTheirs.id);
    expect(received.body.data.records.find((record) => record.id === toMine.id)?.data).toMatchObject({
      needTitle: '锂电池极耳激光焊接质量检测',
      contactName: '吴晓峰',
      contactPhone: '13912340002',
      contactEmail: 'wuxf@jcut.edu.cn',
      org: '江城理工大学机器视觉实验室',
    });
    const theirsReceived = await call<Page>(t, otherOwner, 'POST', `${CONTACT}/lists/received`, {});
    expect(ids(theirsReceived.body.data)).toEqual([toTheirs.id]);
    expect(theirsReceived.body.data.total).toBe(1);
    // Nobody else receives requests about needs that are not theirs, and a visitor has no such list.
    for (const user of [requester, stranger, reviewer]) {
      const none = await call<Page>(t, user, 'POST', `${CONTACT}/lists/received`, {});
      expect(ids(none.body.data), user.username).not.toContain(toMine.id);
    }
    expect((await visitor('POST', `${CONTACT}/lists/received`, {})).status).toBe(401);

    // The owner opens the request in full; anyone else but its sender gets the same 404 as for a missing one.
    const detail = await call<Detail>(t, owner, 'GET', `${CONTACT}/detail?id=${toMine.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.data['contactPhone']).toBe('13912340002');
    expect(detail.body.data.actions).toEqual([]);
    expect((await call(t, otherOwner, 'GET', `${CONTACT}/detail?id=${toMine.id}`)).status).toBe(404);
    expect((await call(t, reviewer, 'GET', `${CONTACT}/detail?id=${toMine.id}`)).status).toBe(404);
    // The owner cannot take the sender's transitions.
    expect((await call(t, owner, 'POST', `${CONTACT}/transitions/withdraw`, { id: toMine.id, version: toMine.version })).status).toBe(404);

    const sent = await call<Page>(t, requester, 'POST', `${CONTACT}/lists/mine`, {});
    expect(ids(sent.body.data)).toContain(toMine.id);
    expect(ids(sent.body.data)).not.toContain(toTheirs.id);
  });

  it('takes a withdrawn request away from the owner until it is sent again', async () => {
    const open = await need(owner, { needTitle: '城市地下管网渗漏声学检测' });
    let request = (await call<RecordView>(t, requester, 'POST', `${CONTACT}/create`, contactData(open, { contactPhone: '13912340004' })))
      .body.data;
    request = (
      await call<RecordView>(t, requester, 'POST', `${CONTACT}/transitions/withdraw`, { id: request.id, version: request.version })
    ).body.data;
    expect(request.status).toBe('withdrawn');
    expect(ids((await call<Page>(t, owner, 'POST', `${CONTACT}/lists/received`, {})).body.data)).not.toContain(request.id);
    expect((await call(t, owner, 'GET', `${CONTACT}/detail?id=${request.id}`)).status).toBe(404);
    request = (await call<RecordView>(t, requester, 'POST', `${CONTACT}/transitions/resend`, { id: request.id, version: request.version }))
      .body.data;
    expect(request.status).toBe('sent');
    expect(ids((await call<Page>(t, owner, 'POST', `${CONTACT}/lists/received`, {})).body.data)).toContain(request.id);
  });
});

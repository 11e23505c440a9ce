import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

/**
 * Events (issue 14) on the demo: signing in at the venue (person/activity_sign/create, folder
 * event-sign) is open only while the event is on and once per mobile number; signing up (event-signup)
 * only before it starts. The rules are resource.json target window and unique, checked by the engine.
 */
let t: TestApp;
let events: RecordView[];
const SIGN = '/api/sys/api/person/activity_sign/create';
const SIGN_UP = '/api/resources/event-signup/create';
/** The same call under the other reading of spec §7's list ("person/activity_sign/create" under /sys). */
const SIGN_OTHER_READING = '/api/sys/person/activity_sign/create';

/** A visitor's write: a captcha of the folder first (anonymousCreate), its id in the header and its text in code. */
async function send(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  const folder = url === SIGN_UP ? 'event-signup' : 'event-sign';
  const captcha = await t.app.inject({ method: 'GET', url: `/api/resources/${folder}/captcha` });
  const captchaId = captcha.json<Envelope<{ captchaId: string }>>().data.captchaId;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'x-captcha-id': captchaId },
    payload: { ...payload, code: TEST_CAPTCHA },
  });
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
  events = (await t.app.inject({ method: 'POST', url: '/api/resources/event/lists/published', payload: { pageNo: 1, pageSize: 50 } })).json<
    Envelope<{ records: RecordView[] }>
  >().data.records;
});
afterAll(async () => t.close());

function eventWhen(when: 'past' | 'now' | 'coming'): RecordView {
  const now = t.clock.now().getTime();
  const found = events.find((event) => {
    const start = Date.parse(String(event.data['startsAt']));
    const end = Date.parse(String(event.data['endsAt']));
    return when === 'past' ? end <= now : when === 'now' ? start <= now && now < end : start > now;
  });
  if (!found) throw new Error(`no ${when} event in the demo`);
  return found;
}

const errorsOf = (body: string) => JSON.parse(body) as { errors?: { path: string; message: string }[]; msg: string };

describe('signing in at an event', () => {
  it('has fifteen published demo events: held, on now and to come', () => {
    expect(events).toHaveLength(15);
    for (const when of ['past', 'now', 'coming'] as const) expect(eventWhen(when).id).toBeTruthy();
  });

  it('signs a visitor in once while the event is on, and refuses the same mobile number again', async () => {
    const event = eventWhen('now');
    const first = await send(SIGN, { eventId: event.id, name: '韩梅', phone: '13912345678', org: '江城大学' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(SIGN, { eventId: event.id, name: '韩梅', phone: '13912345678' });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body).errors).toEqual([
      { path: 'phone', keyword: 'unique', params: {}, message: '这个手机号已经签到过了，无需重复签到' },
    ]);
    // Another number signs in; the same number at another event too.
    expect((await send(SIGN, { eventId: event.id, name: '李雷', phone: '13912345679' })).statusCode).toBe(200);
    const english = await send(SIGN, { eventId: event.id, name: '李雷', phone: '13912345679' }, { 'accept-language': 'en-US' });
    expect(errorsOf(english.body).msg).toBe('This mobile number has already signed in');
    // The other reading of the call is the same create, with the same rules.
    expect((await send(SIGN_OTHER_READING, { eventId: event.id, name: '张伟', phone: '13912345677' })).statusCode).toBe(200);
    expect(errorsOf((await send(SIGN_OTHER_READING, { eventId: event.id, name: '张伟', phone: '13912345677' })).body).msg).toBe(
      '这个手机号已经签到过了，无需重复签到',
    );
  });

  it('lets only one of two sign-ins sent at once with one number through', async () => {
    const event = eventWhen('now');
    const answers = await Promise.all([1, 2].map(() => send(SIGN, { eventId: event.id, name: '王芳', phone: '13700001111' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses signing in before the event starts and after it ends, and at an event that does not exist', async () => {
    for (const when of ['past', 'coming'] as const) {
      const response = await send(SIGN, { eventId: eventWhen(when).id, name: '韩梅', phone: '13912345670' });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response.body).msg).toBe('现在不在活动的签到时间内：活动开始后到结束前可以签到');
    }
    const none = await send(SIGN, { eventId: '00000000-0000-4000-8000-000000000000', name: '韩梅', phone: '13912345670' });
    expect(errorsOf(none.body).errors?.[0]).toMatchObject({ path: 'eventId', message: '没有找到这个活动，请重新扫描活动现场的签到二维码' });
    const bad = await send(SIGN, { eventId: 'not-an-event', name: '韩', phone: '123' });
    expect(
      errorsOf(bad.body)
        .errors?.map((error) => error.path)
        .sort(),
    ).toEqual(['eventId', 'name', 'phone']);
  });
});

describe('signing up for an event', () => {
  it('takes a sign-up before the event starts, once per number, and none once it has started', async () => {
    const coming = eventWhen('coming');
    expect((await send(SIGN_UP, { eventId: coming.id, name: '周杰', phone: '13800138000', org: '星河智能科技有限公司' })).statusCode).toBe(
      200,
    );
    const twice = await send(SIGN_UP, { eventId: coming.id, name: '周杰', phone: '13800138000' });
    expect(errorsOf(twice.body).msg).toBe('这个手机号已经报名过了，无需重复报名');
    const started = await send(SIGN_UP, { eventId: eventWhen('now').id, name: '周杰', phone: '13800138000' });
    expect(errorsOf(started.body).msg).toBe('活动已经开始，报名已截止');
  });
});

describe("an event's places (target.capacity)", () => {
  /** A published event like one to come, with two places, made and published by an editor. */
  async function eventWithTwoPlaces(): Promise<string> {
    const editor = await createLoggedInUser(t, 'editor', 'editor');
    const like = eventWhen('coming');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/resources/event/create',
      headers: editor.auth,
      // A list row carries only what the agenda shows: the rest of the event is written out here.
      payload: {
        ...like.data,
        title: '名额测试：人工智能应用创新沙龙',
        district: 'dh',
        intro: '邀请企业技术负责人分享大模型在制造、医疗场景的落地经验，名额有限，先报先得。',
        capacity: 2,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const draft = made.json<Envelope<RecordView>>().data;
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/resources/event/transitions/publish',
      headers: editor.auth,
      payload: { id: draft.id, version: draft.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    return draft.id;
  }

  it("takes two sign-ups for two places and refuses the third on the event, in the reader's language", async () => {
    const eventId = await eventWithTwoPlaces();
    expect((await send(SIGN_UP, { eventId, name: '周杰', phone: '13800138101' })).statusCode).toBe(200);
    expect((await send(SIGN_UP, { eventId, name: '林晓', phone: '13800138102' })).statusCode).toBe(200);
    const third = await send(SIGN_UP, { eventId, name: '韩梅', phone: '13800138103' });
    expect(third.statusCode).toBe(400);
    expect(errorsOf(third.body).errors).toEqual([
      { path: 'eventId', keyword: 'targetCapacity', params: { limit: 2 }, message: '活动名额已满，无法再报名' },
    ]);
    const english = await send(SIGN_UP, { eventId, name: '韩梅', phone: '13800138103' }, { 'accept-language': 'en-US' });
    expect(errorsOf(english.body).msg).toBe('All places for this event are taken');
    // A seeded event has places to spare.
    expect((await send(SIGN_UP, { eventId: eventWhen('coming').id, name: '韩梅', phone: '13800138103' })).statusCode).toBe(200);
  });
});

describe("the calls of the portal's third part", () => {
  it('answer JSON on the demo without a token', async () => {
    const product = (await t.app.inject({ method: 'GET', url: '/api/sys/api/product/queryProductList' })).json<
      Envelope<{ total: number; records: RecordView[] }>
    >().data;
    expect(product.total).toBe(20);
    const service = (await t.app.inject({ method: 'GET', url: '/api/sys/api/sys_org/list' })).json<
      Envelope<{ total: number; records: RecordView[] }>
    >().data;
    expect(service.total).toBe(20);
    const present = (await t.app.inject({ method: 'POST', url: '/api/sys/api/present', payload: {} })).json<Envelope<{ total: number }>>()
      .data;
    expect(present.total).toBe(18);
    const platforms = (await t.app.inject({ method: 'GET', url: '/api/sys/api/platform' })).json<Envelope<{ records: RecordView[] }>>().data
      .records;
    expect(platforms.length).toBeGreaterThan(0);
    expect(platforms.every((item) => item.data['category'] === 'platform')).toBe(true);
    const calls = [
      { method: 'GET', url: '/api/sys/api/technology/list' },
      { method: 'POST', url: '/api/sys/api/technology/list', payload: { pageNo: 1, pageSize: 10, techField: '01' } },
      { method: 'GET', url: `/api/sys/api/product/get?id=${product.records[0]?.id ?? ''}` },
      { method: 'POST', url: '/api/sys/api/product/queryProductPageList', payload: { pageNo: 2, pageSize: 10 } },
      { method: 'POST', url: '/api/sys/api/product/queryServiceOrgList', payload: { serviceType: 'testing' } },
      { method: 'GET', url: `/api/sys/api/sys_org/get?id=${service.records[0]?.id ?? ''}` },
      { method: 'GET', url: '/api/sys/api/present' },
      { method: 'POST', url: '/api/resources/financing-project/lists/published', payload: { round: 'a' } },
      { method: 'POST', url: '/api/sys/api/platform', payload: { pageNo: 1, pageSize: 10 } },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

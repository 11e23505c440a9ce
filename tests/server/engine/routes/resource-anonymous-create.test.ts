import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { call, createResourceTestApp, demandData, type Envelope } from '../../helpers/resource-fixtures';

const DEMAND = '/api/resources/tech-demand';
let t: TestApp;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createResourceTestApp();
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
});
afterAll(async () => t.close());

async function visitorCaptcha(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `${DEMAND}/captcha` });
  expect(response.statusCode).toBe(200);
  const body = response.json<Envelope<{ image: string; captchaId?: string }>>();
  expect(body.data.image).toMatch(/^data:image\/svg\+xml/);
  expect(body.data.captchaId).toEqual(expect.any(String));
  return body.data.captchaId ?? '';
}

async function visitorCreate(
  captchaId: string | undefined,
  data: Record<string, unknown>,
): Promise<{ status: number; body: Envelope<RecordView> }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${DEMAND}/create`,
    headers: captchaId ? { 'x-captcha-id': captchaId } : {},
    payload: data,
  });
  return { status: response.statusCode, body: response.json<Envelope<RecordView>>() };
}

describe('a visitor creates where resource.json allows it (anonymousCreate), behind the captcha', () => {
  it('creates a pending record with no owner, without storing the captcha, and the reviewers see it', async () => {
    const created = await visitorCreate(await visitorCaptcha(), demandData({ demandTitle: '耐高温陶瓷涂层工艺攻关', code: TEST_CAPTCHA }));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'pending', ownerName: null });
    expect(created.body.data.data).not.toHaveProperty('code');
    const listed = await call<{ records: RecordView[] }>(t, reviewer, 'POST', `${DEMAND}/lists/review`, { company: '星河生物' });
    expect(listed.body.data.records.map((record) => record.data['demandTitle'])).toContain('耐高温陶瓷涂层工艺攻关');
  });

  it('refuses a wrong answer on the captcha field and spends the captcha', async () => {
    const captchaId = await visitorCaptcha();
    const wrong = await visitorCreate(captchaId, demandData({ code: 'nope' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ path: 'code', keyword: 'captcha', message: '验证码错误' })]);
    expect((await visitorCreate(captchaId, demandData({ code: TEST_CAPTCHA }))).status).toBe(400);
  });

  it('refuses a create without a captcha id, and checks the fields before the captcha is spent', async () => {
    expect((await visitorCreate(undefined, demandData({ code: TEST_CAPTCHA }))).body.errors?.[0]).toMatchObject({
      path: 'code',
      keyword: 'captcha',
    });
    const captchaId = await visitorCaptcha();
    const invalid = await visitorCreate(captchaId, demandData({ contactPhone: '12', code: TEST_CAPTCHA }));
    expect(invalid.body.errors?.[0]).toMatchObject({ path: 'contactPhone', keyword: 'format' });
    expect((await visitorCreate(captchaId, demandData({ code: TEST_CAPTCHA }))).status).toBe(200);
  });

  it('gives a logged-in writer a captcha of their own and makes them the owner', async () => {
    const user = await createLoggedInUser(t, 'visitor');
    const captcha = await t.app.inject({ method: 'GET', url: `${DEMAND}/captcha`, headers: user.auth });
    expect(captcha.json<Envelope<{ captchaId?: string }>>().data.captchaId).toBeUndefined();
    const created = await call<RecordView>(t, user, 'POST', `${DEMAND}/create`, demandData({ code: TEST_CAPTCHA }));
    expect(created.status).toBe(200);
    expect(created.body.data.ownerName).toBe('测试用户visitor');
  });

  it('serves the spec alias for the same create', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/demo/demand/create',
      headers: { 'x-captcha-id': await visitorCaptcha() },
      payload: demandData({ code: TEST_CAPTCHA }),
    });
    expect(response.statusCode).toBe(200);
  });
});

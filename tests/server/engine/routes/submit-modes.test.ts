import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../../src/shared/generated/notification';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { call, financingData, needData, resourceCast, type ResourceCast } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Forms that say what they do (issue 31 item 6), on the repository's folders: a financing form keeps a
 * draft (submitMode draft) until 提交审核 saves it and takes submit; a need is sent as it is made
 * (submitMode submit). What a product's 申请融资 carries into the loan form, fixed or not, is only what
 * the form opens with: the server checks it like every value it is sent.
 */
let t: TestApp;
let cast: ResourceCast;

const FINANCING = '/api/resources/financing';

/** A loan application for a product, as the product's 申请融资 fills it in (productName and lender carried, fixed). */
const loanData = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const {
    round: _round,
    equityAmount: _amount,
    equityShare: _share,
    valuation: _valuation,
    projectIntro: _intro,
    useOfFunds: _use,
    ...base
  } = financingData();
  return {
    ...base,
    applyType: 'loan',
    productName: '科技成长贷',
    lender: '江城农商银行',
    loanAmount: 300,
    termMonths: 12,
    guaranteeType: 'credit',
    loanPurpose: '采购冷原子干涉重力仪核心部件，扩大小批量试产。',
    ...overrides,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  cast = await resourceCast(t);
});
afterAll(async () => t.close());

describe('submitMode draft: 保存草稿, then 提交审核', () => {
  it('keeps a saved draft private, and 提交审核 (save, then the submit transition) sends it to the reviewer, who approves and the owner is told', async () => {
    const saved = await call<RecordView>(t, cast.owner, 'POST', `${FINANCING}/create`, loanData());
    expect(saved.status).toBe(200);
    expect(saved.body.data.status).toBe('draft');
    // A draft is the owner's business only.
    expect((await call(t, cast.reviewer, 'GET', `${FINANCING}/detail?id=${saved.body.data.id}`)).status).toBe(404);
    const updated = await call<RecordView>(t, cast.owner, 'POST', `${FINANCING}/update`, {
      id: saved.body.data.id,
      version: saved.body.data.version,
      data: loanData({ loanAmount: 350 }),
    });
    const sent = await call<RecordView>(t, cast.owner, 'POST', `${FINANCING}/transitions/submit`, {
      id: updated.body.data.id,
      version: updated.body.data.version,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('pending');
    const approved = await call<RecordView>(t, cast.reviewer, 'POST', `${FINANCING}/transitions/approve`, {
      id: sent.body.data.id,
      version: sent.body.data.version,
    });
    expect(approved.body.data.status).toBe('approved');
    const notices = await call<{ records: Notification[] }>(t, cast.owner, 'POST', '/api/notifications/list', {});
    expect(notices.body.data.records.find((notice) => notice.recordId === sent.body.data.id)?.body).toContain('审核通过');
  });

  it('refuses a 提交审核 whose save misses a required field on that field, and the draft stays as it was', async () => {
    const saved = (await call<RecordView>(t, cast.owner, 'POST', `${FINANCING}/create`, loanData())).body.data;
    const { loanPurpose: _purpose, ...incomplete } = loanData();
    const refused = await call(t, cast.owner, 'POST', `${FINANCING}/update`, { id: saved.id, version: saved.version, data: incomplete });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('"path":"loanPurpose"');
    const kept = await call<RecordView>(t, cast.owner, 'GET', `${FINANCING}/detail?id=${saved.id}`);
    expect(kept.body.data).toMatchObject({ status: 'draft', version: saved.version, data: { loanPurpose: loanData()['loanPurpose'] } });
  });
});

describe("values a link carries into a form (the product's 申请融资)", () => {
  it('checks a forged fixed value like any other, on its field, in the caller’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${FINANCING}/create`,
      headers: { ...cast.owner.auth, 'accept-language': 'en-US' },
      payload: loanData({ productName: '贷', lender: 'x'.repeat(41) }),
    });
    expect(response.statusCode).toBe(400);
    const errors = (response.json() as { errors: { path: string; message: string }[] }).errors;
    expect(errors.map((error) => error.path).sort()).toEqual(['lender', 'productName']);
    expect(errors.every((error) => /[a-z]/i.test(error.message) && !/[\u4e00-\u9fff]{2}/.test(error.message))).toBe(true);
  });
});

describe('submitMode submit: one 提交', () => {
  it('sends a need as it is made: it starts pending, with no transition left for 提交 to take', async () => {
    // The need form asks for a captcha, kept per user.
    expect((await t.app.inject({ method: 'GET', url: '/api/resources/need/captcha', headers: cast.owner.auth })).statusCode).toBe(200);
    const made = await call<RecordView>(t, cast.owner, 'POST', '/api/resources/need/create', needData());
    expect(made.status).toBe(200);
    expect(made.body.data.status).toBe('pending');
  });
});

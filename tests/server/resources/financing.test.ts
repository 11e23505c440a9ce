import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import type { ResourcePages } from '../../../src/shared/generated/resource-pages';
import { call, financingData, resourceCast } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { TestUser } from '../helpers/test-users';

/**
 * Financing applications (schemas/resources/financing, no code): three kinds in one record schema,
 * each with its own required fields (if/then on applyType), three account lists fixed to a kind
 * (list where), the spec's apply pages with their kind fixed and the notes before them, and
 * person/apply/audit as one decision among approve, return and reject.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;

const APPLY = '/api/sys/person/apply';

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${APPLY}/create`, financingData(overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

const submit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>) =>
  call<RecordView>(t, user, 'POST', '/api/resources/financing/transitions/submit', { id: record.id, version: record.version });
const audit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>, decision: string, note?: string) =>
  call<RecordView>(t, user, 'POST', `${APPLY}/audit`, {
    id: record.id,
    version: record.version,
    decision,
    ...(note === undefined ? {} : { note }),
  });
const listed = async (user: TestUser, call_: string) =>
  (await call<{ records: RecordView[] }>(t, user, 'POST', `${APPLY}/${call_}`, {})).body.data.records.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer, reviewer2 } = await resourceCast(t));
});
afterAll(async () => t.close());

describe('financing applications (/sys/person/apply) from the resource folder', () => {
  it("asks for each kind's own fields, on the field", async () => {
    const loan = await call(t, owner, 'POST', `${APPLY}/create`, financingData({ applyType: 'loan' }));
    expect(loan.status).toBe(400);
    expect(loan.body.errors?.map((error) => error.path).sort()).toEqual([
      'guaranteeType',
      'lender',
      'loanAmount',
      'loanPurpose',
      'productName',
      'termMonths',
    ]);
    const share = await call(t, owner, 'POST', `${APPLY}/create`, financingData({ equityShare: 60 }));
    expect(share.body.errors).toEqual([expect.objectContaining({ path: 'equityShare', message: '出让股权比例不能超过49%' })]);
    const forged = await call(t, owner, 'POST', `${APPLY}/create`, { ...financingData(), status: 'approved' });
    expect(forged.body.reason).toBe('massAssignment');
  });

  it('lists each kind in its own account list', async () => {
    const equity = await create(owner);
    const loan = await create(owner, {
      applyType: 'loan',
      productName: '科创知识产权质押贷',
      lender: '江城农商银行高新支行',
      loanAmount: 300,
      termMonths: 12,
      guaranteeType: 'ip',
      loanPurpose: '采购检测设备核心元器件，支付订单备货款。',
    });
    expect(await listed(owner, 'queryMyFinancingList')).toContain(equity.id);
    expect(await listed(owner, 'queryMyFinancingList')).not.toContain(loan.id);
    expect(await listed(owner, 'queryMyLoanList')).toEqual([loan.id]);
    expect(await listed(owner, 'queryMyInvestList')).toEqual([]);
    expect(await listed(stranger, 'queryMyFinancingList')).toEqual([]);
  });

  it('returns with a note the applicant reads, takes the resubmission, and approves; one decision wins a race', async () => {
    let record = (await submit(owner, await create(owner))).body.data;
    expect(await listed(reviewer, 'queryApplyList')).toContain(record.id);
    expect((await audit(reviewer, record, 'return')).status).toBe(400);
    record = (await audit(reviewer, record, 'return', '请补充近两年经审计的财务报表')).body.data;
    expect(record.status).toBe('returned');
    const detail = await call<{ history: { note: string | null }[] }>(t, owner, 'GET', `${APPLY}/detail?id=${record.id}`);
    expect(detail.body.data.history.at(-1)?.note).toBe('请补充近两年经审计的财务报表');
    record = (await submit(owner, record)).body.data;
    const results = await Promise.all([audit(reviewer, record, 'approve'), audit(reviewer2, record, 'reject', '估值依据不足')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it('keeps strangers out and nobody audits their own', async () => {
    const record = (await submit(owner, await create(owner))).body.data;
    expect((await call(t, stranger, 'GET', `${APPLY}/detail?id=${record.id}`)).status).toBe(404);
    expect((await audit(stranger, record, 'approve')).status).toBe(403);
    expect((await call(t, stranger, 'POST', `${APPLY}/recall`, { id: record.id, version: record.version })).status).toBe(404);
    const own = (await submit(reviewer, await create(reviewer))).body.data;
    expect((await audit(reviewer, own, 'approve')).status).toBe(403);
  });

  it('places the three apply pages with their kind fixed, after the application notes', async () => {
    const { pages } = (await t.app.inject({ method: 'GET', url: '/api/resources/pages' })).json<{ data: ResourcePages }>().data;
    const notes = pages.find((page) => page.path === '/home/financing/application_notes');
    expect(notes?.page).toBe('notes');
    expect(notes?.notes?.links.map((link) => link.path)).toEqual([
      '/home/financing/financial_supermarket_apply',
      '/home/financing/equity_apply',
      '/home/financing/institution_apply',
    ]);
    expect(notes?.notes?.sections[0]?.titleEn).toBe('Who may apply');
    const equity = pages.find((page) => page.path === '/home/financing/equity_apply');
    expect(equity).toMatchObject({
      page: 'new',
      resource: 'financing',
      values: { applyType: 'equity' },
      before: '/home/financing/application_notes',
      title: '股权融资申请',
    });
  });
});

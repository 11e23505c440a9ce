import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../../src/server/db/schema';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../../src/server/services/users/user-units';
import type { Dashboard } from '../../../../src/shared/generated/dashboard';
import type { DashboardSummary } from '../../../../src/shared/generated/dashboard-summary';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { trendPeriods } from '../../../../src/shared/dashboard/trend-periods';
import { businessLicence, call, creditRecordData, financingData, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * 统计看板 (issue 31 item 3): every widget's figures equal a direct SQL count over the scope its list
 * gives the viewer, written here independently of the engine; a unit's administrator and a unit's
 * integrity officer never count another unit's records.
 */
let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let unitOfficer: TestUser;
let plain: TestUser;
let jiangchengMember: TestUser;
let linchuanMember: TestUser;
let jiangchengAdmin: TestUser;
let linchuanAdmin: TestUser;
let jiangchengId: string;
let linchuanId: string;

async function inUnit(user: TestUser, unitName: string, isAdmin = false): Promise<string> {
  const unitId = await linkUserUnit(t.db, user.id, unitName);
  await selectUserUnit(t.db, user.id, unitId);
  if (isAdmin) await setUnitAdmin(t.db, user.id, unitId, true);
  return unitId;
}

async function saved(user: TestUser, path: string, body: Record<string, unknown>): Promise<RecordView> {
  const answer = await call<RecordView>(t, user, 'POST', path, body);
  if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

async function take(user: TestUser, resource: string, transition: string, record: RecordView): Promise<RecordView> {
  return saved(user, `/api/resources/${resource}/transitions/${transition}`, { id: record.id, version: record.version });
}

async function repair(member: TestUser, basisName: string): Promise<void> {
  const created = await saved(member, '/api/integrity/app/common/fix', {
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
  await take(member, 'credit-fix', 'submit', created);
}

async function dashboard(user: TestUser, name: string, locale = 'zh-CN'): Promise<{ status: number; body: Envelope<Dashboard> }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dashboards/${name}`,
    headers: { ...user.auth, 'accept-language': locale },
  });
  return { status: response.statusCode, body: response.json<Envelope<Dashboard>>() };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The records of a folder in these states, with an extra condition: the direct count, by hand. */
async function directCount(resource: string, states: string[], extra = sql`true`): Promise<number> {
  const found = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM records WHERE resource = ${resource} AND status IN (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}) AND ${extra}`,
  );
  return Number(found[0]?.n ?? 0);
}

async function directGroups(resource: string, states: string[], key: string, extra = sql`true`): Promise<Map<string, number>> {
  const expression = key === 'status' ? sql`status` : sql`data ->> ${key}`;
  const found = await rows<{ k: string; n: string }>(
    sql`SELECT ${expression} AS k, count(*) AS n FROM records WHERE resource = ${resource} AND status IN (${sql.join(
      states.map((state) => sql`${state}`),
      sql`, `,
    )}) AND ${extra} AND ${expression} IS NOT NULL GROUP BY 1`,
  );
  return new Map(found.map((row) => [row.k, Number(row.n)]));
}

const nonZero = (figures: Dashboard['widgets'][number]): Map<string, number> =>
  new Map(figures.rows.filter((row) => row.value !== 0).map((row) => [row.key, row.value]));

const widget = (board: Dashboard, id: string) => {
  const found = board.widgets.find((entry) => entry.id === id);
  if (!found) throw new Error(`no widget ${id} in ${board.widgets.map((entry) => entry.id).join(', ')}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createLoggedInUser(t, 'admin', 'admin');
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
  plain = await createLoggedInUser(t, 'plain');
  unitOfficer = await createLoggedInUser(t, 'unitofficer', 'unitIntegrity');
  await inUnit(unitOfficer, '江城大学');
  jiangchengMember = await createLoggedInUser(t, 'jcmember');
  linchuanMember = await createLoggedInUser(t, 'lcmember');
  jiangchengAdmin = await createLoggedInUser(t, 'jcadmin');
  linchuanAdmin = await createLoggedInUser(t, 'lcadmin');
  await inUnit(jiangchengMember, '江城大学');
  await inUnit(linchuanMember, '临川理工学院');
  jiangchengId = await inUnit(jiangchengAdmin, '江城大学', true);
  linchuanId = await inUnit(linchuanAdmin, '临川理工学院', true);

  // Credit records of two units, of two gravities; the officer of the commission publishes them.
  for (const [unit, severity, basis] of [
    ['江城大学', 'serious', '江科信〔2026〕41号处理决定'],
    ['江城大学', 'minor', '江科信〔2026〕42号处理决定'],
    ['临川理工学院', 'serious', '江科信〔2026〕43号处理决定'],
  ] as const) {
    const record = await saved(
      admin,
      '/api/integrity/app/credit/info/save',
      creditRecordData({ responsibleUnit: unit, severity, basisName: basis }),
    );
    await take(admin, 'credit', 'publish', record);
  }
  await repair(jiangchengMember, '江科信〔2026〕41号处理决定');
  await repair(jiangchengMember, '江科信〔2026〕42号处理决定');
  await repair(linchuanMember, '江科信〔2026〕43号处理决定');

  // Financing of two kinds: one approved loan, one pending equity application, one draft (never counted).
  const loan = await saved(plain, '/api/sys/person/apply/create', {
    applyType: 'loan',
    company: '江城量子精密仪器有限公司',
    creditCode: financingData().creditCode,
    productName: '科技贷',
    lender: '江城银行',
    loanAmount: 300,
    termMonths: 12,
    guaranteeType: 'credit',
    loanPurpose: '购买检测设备和建设计量检测实验室',
    contactName: '何丽',
    contactPhone: '13700002222',
  });
  await take(reviewer, 'financing', 'approve', await take(plain, 'financing', 'submit', loan));
  await take(plain, 'financing', 'submit', await saved(plain, '/api/sys/person/apply/create', financingData({ equityAmount: 2000 })));
  await saved(plain, '/api/sys/person/apply/create', financingData({ equityAmount: 999 }));

  // Applications straight into their table: two activities, submitted and approved, and a draft.
  const now = t.clock.now();
  const application = (activityId: string, status: string, userId: string) => ({
    userId,
    activityId,
    status,
    data: {},
    version: 1,
    schemaVersion: 'test',
    createdAt: now,
    updatedAt: now,
    ...(status === 'draft' ? {} : { submittedAt: now }),
  });
  await t.db
    .insert(applications)
    .values([
      application('hightech-cultivation', 'submitted', plain.id),
      application('hightech-cultivation', 'approved', jiangchengMember.id),
      application('innovation-competition', 'submitted', linchuanMember.id),
      application('innovation-competition', 'draft', jiangchengAdmin.id),
    ]);
});
afterAll(async () => t.close());

describe('GET /api/dashboards', () => {
  it('lists the commission dashboard for staff and the unit dashboard for unit administrators, nothing for a plain user', async () => {
    const names = async (user: TestUser) =>
      (await call<DashboardSummary[]>(t, user, 'GET', '/api/dashboards')).body.data.map((entry) => entry.name);
    expect(await names(admin)).toEqual(['commission']);
    expect(await names(reviewer)).toEqual(['commission']);
    expect(await names(jiangchengAdmin)).toEqual(['unit']);
    expect(await names(plain)).toEqual([]);
    expect((await call(t, undefined, 'GET', '/api/dashboards')).status).toBe(401);
  });

  it("refuses a dashboard the caller may not see and an unknown one alike, in the caller's language", async () => {
    expect((await dashboard(plain, 'commission')).status).toBe(404);
    expect((await dashboard(plain, 'unit')).status).toBe(404);
    const unknown = await dashboard(admin, 'no-such-board');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('没有这个看板，或您无权查看');
    expect((await dashboard(admin, 'no-such-board', 'en-US')).body.msg).toBe('There is no such dashboard, or you may not see it');
    expect((await dashboard(admin, 'Bad_Name')).status).toBe(400);
  });
});

describe('GET /api/dashboards/:name figures', () => {
  it("equal a direct SQL count over the administrator's scope, widget by widget", async () => {
    const board = (await dashboard(admin, 'commission')).body.data;
    expect(board.widgets.map((entry) => entry.id)).toEqual([
      'applications-waiting',
      'applications-by-activity',
      'applications-by-state',
      'applications-by-month',
      'financing-amount-by-kind',
      'financing-approved-amount',
      'credit-by-severity',
      'credit-effective',
      'event-signups',
      'event-signups-by-week',
      'events-by-district',
    ]);
    const appRows = async (query: ReturnType<typeof sql>) => rows<{ k: string; n: string }>(query);
    const reviewStates = ['submitted', 'returned', 'approved', 'rejected'];
    expect(widget(board, 'applications-waiting').value).toBe(2);
    const byActivity = await appRows(
      sql`SELECT activity_id AS k, count(*) AS n FROM applications WHERE status IN ('submitted', 'returned', 'approved', 'rejected') GROUP BY 1`,
    );
    expect(nonZero(widget(board, 'applications-by-activity'))).toEqual(new Map(byActivity.map((row) => [row.k, Number(row.n)])));
    expect(widget(board, 'applications-by-activity').rows[0]?.label).not.toBe(widget(board, 'applications-by-activity').rows[0]?.key);
    const byState = await appRows(sql`SELECT status AS k, count(*) AS n FROM applications WHERE status <> 'draft' GROUP BY 1`);
    expect(nonZero(widget(board, 'applications-by-state'))).toEqual(new Map(byState.map((row) => [row.k, Number(row.n)])));
    expect(widget(board, 'applications-by-state').rows.map((row) => row.key)).toEqual(reviewStates);
    const months = widget(board, 'applications-by-month');
    expect(months.rows).toHaveLength(12);
    expect(months.rows.map((row) => row.key)).toEqual(trendPeriods(t.clock.now(), 'month', 12));
    expect(months.value).toBe(3);

    const financingStates = ['pending', 'returned', 'approved', 'rejected'];
    const amounts = await appRows(
      sql`SELECT data ->> 'applyType' AS k, sum(coalesce((data ->> 'loanAmount')::numeric, 0) + coalesce((data ->> 'equityAmount')::numeric, 0)) AS n
          FROM records WHERE resource = 'financing' AND status IN ('pending', 'returned', 'approved', 'rejected') GROUP BY 1`,
    );
    expect(nonZero(widget(board, 'financing-amount-by-kind'))).toEqual(new Map(amounts.map((row) => [row.k, Number(row.n)])));
    expect(widget(board, 'financing-amount-by-kind')).toMatchObject({ measure: 'sum', unit: '万元', value: 2300 });
    expect(widget(board, 'financing-approved-amount').value).toBe(300);
    expect(await directCount('financing', financingStates)).toBe(2);

    const creditStates = ['draft', 'effective', 'repaired', 'revoked'];
    expect(nonZero(widget(board, 'credit-by-severity'))).toEqual(await directGroups('credit', creditStates, 'severity'));
    expect(widget(board, 'credit-effective').value).toBe(await directCount('credit', ['effective']));
    expect(widget(board, 'event-signups').value).toBe(await directCount('event-signup', ['received']));
    expect(widget(board, 'event-signups-by-week').rows).toHaveLength(12);
    expect(nonZero(widget(board, 'events-by-district'))).toEqual(
      await directGroups('event', ['draft', 'published', 'unpublished'], 'district'),
    );
    // Labels come from the dictionary, in the caller's language.
    const english = (await dashboard(admin, 'commission', 'en-US')).body.data;
    expect(english.title).toBe('Commission dashboard');
    expect(widget(english, 'financing-amount-by-kind').unit).toBe('10k CNY');
    expect(widget(english, 'applications-by-state').rows[0]?.label).toMatch(/[A-Za-z]/);
  });

  it("leaves out a reviewer's widgets over lists they may not read", async () => {
    const board = (await dashboard(reviewer, 'commission')).body.data;
    const ids = board.widgets.map((entry) => entry.id);
    expect(ids).toContain('applications-waiting');
    expect(ids).toContain('financing-amount-by-kind');
    expect(ids).not.toContain('credit-by-severity');
    expect(ids).not.toContain('event-signups');
  });

  it("counts a unit integrity officer's credit records within their unit only", async () => {
    const board = (await dashboard(unitOfficer, 'commission')).body.data;
    expect(board.widgets.map((entry) => entry.id)).toEqual(['credit-by-severity', 'credit-effective']);
    const within = sql`btrim(data ->> 'responsibleUnit') = '江城大学'`;
    expect(nonZero(widget(board, 'credit-by-severity'))).toEqual(
      await directGroups('credit', ['draft', 'effective', 'repaired', 'revoked'], 'severity', within),
    );
    expect(widget(board, 'credit-effective').value).toBe(2);
    expect(await directCount('credit', ['effective'])).toBe(3);
  });

  it("never counts another unit's records on a unit administrator's dashboard", async () => {
    const ours = (await dashboard(jiangchengAdmin, 'unit')).body.data;
    const theirs = (await dashboard(linchuanAdmin, 'unit')).body.data;
    const shown = ['unitReview', 'commissionReview', 'returned', 'approved', 'rejected'];
    expect(widget(ours, 'fixes-waiting').value).toBe(await directCount('credit-fix', ['unitReview'], sql`org_id = ${jiangchengId}`));
    expect(widget(ours, 'fixes-waiting').value).toBe(2);
    expect(widget(theirs, 'fixes-waiting').value).toBe(1);
    expect(nonZero(widget(ours, 'fixes-by-state'))).toEqual(
      await directGroups('credit-fix', shown, 'status', sql`org_id = ${jiangchengId}`),
    );
    expect(nonZero(widget(theirs, 'fixes-by-state'))).toEqual(
      await directGroups('credit-fix', shown, 'status', sql`org_id = ${linchuanId}`),
    );
    expect(widget(ours, 'fixes-by-month').value).toBe(2);
    // Membership requests: the administrators' own links are approved memberships of their unit, nobody else's.
    const members = await directGroups('user-org', ['pending', 'approved', 'rejected', 'left'], 'status', sql`org_id = ${jiangchengId}`);
    expect(nonZero(widget(ours, 'members-by-state'))).toEqual(members);
  });
});

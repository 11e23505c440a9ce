import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../../../src/server/seed/seed-demo-users';
import type { MatchResult } from '../../../../src/shared/generated/match-result';
import type { MatchedRule } from '../../../../src/shared/generated/matched-rule';
import { call } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { login, type TestUser } from '../../helpers/test-users';

/**
 * The engine's rule matching (resource.json matching) as policy-rule declares it, on the demo: the
 * self-test matches the seeded policies a company qualifies for from the rules kept as data, exports
 * them as an .xlsx whose name ends with 文件, and policyResolve gives a policy at a glance. The spec's
 * paths are the folder's aliases of the engine's own.
 */
let t: TestApp;

const COMPANY = {
  district: 'dh',
  techField: '01',
  foundedYears: 6,
  employees: 120,
  revenue: 8000,
  rdRatio: 4.2,
  rdStaffRatio: 18,
  inventionPatents: 2,
  techContracts: 150,
  isHighTech: false,
  isTechSme: true,
};

async function policyId(title: string): Promise<string> {
  const [row] = await t.db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.resource, 'article'), sql`${records.data} ->> 'title' = ${title}`));
  if (!row) throw new Error(`no policy ${title}`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

describe('the self-test: pub/selfEvaluationQuery', () => {
  it('lists the seeded policies whose every condition the answers meet, open first, without a login', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sys/api/pub/selfEvaluationQuery', payload: COMPANY });
    expect(response.statusCode, response.body).toBe(200);
    const result = (response.json() as { data: MatchResult }).data;
    expect(result.checked).toBe(12);
    const titles = result.matched.map((policy) => policy.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        '江城市关于加快高新技术企业培育的若干措施',
        '江城市企业研发投入后补助实施细则',
        '东湖区关于促进科技成果转化的若干政策',
        '江城市知识产权质押融资贴息管理办法',
      ]),
    );
    expect(titles).not.toContain('西岭区关于加快高新技术企业培育的若干政策');
    // The closed one (its deadline passed) comes last, marked.
    expect(result.matched.at(-1)).toMatchObject({ title: '江城市知识产权质押融资贴息管理办法', open: false });
    const cultivation = result.matched.find((policy) => policy.title === '江城市关于加快高新技术企业培育的若干措施');
    expect(cultivation?.conditions).toContain('研发费用占营业收入比例（%） 不低于 3');
    expect(cultivation?.href).toBe(`/home/articles/detail?id=${await policyId('江城市关于加快高新技术企业培育的若干措施')}`);
  });

  it('refuses answers the self-test form does not allow, each on its field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/api/pub/selfEvaluationQuery',
      payload: { ...COMPANY, rdRatio: 150, district: 'mars', revenue: undefined },
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json() as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort();
    expect(paths).toEqual(['district', 'rdRatio', 'revenue']);
  });

  it('exports the result as an .xlsx whose name ends with 文件', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sys/api/pub/exportTestResult', payload: COMPANY });
    expect(response.statusCode).toBe(200);
    const disposition = response.headers['content-disposition'] ?? '';
    const name = decodeURIComponent(String(disposition).replace(/^attachment; filename\*=UTF-8''/, ''));
    expect(name).toBe('政策匹配自测结果文件.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '政策标题', '申报对象', '支持内容', '申报截止日期', '状态', '满足的条件', '链接']);
    const titles = sheet?.getColumn(1).values.slice(2).map(String) ?? [];
    expect(titles).toContain('江城市企业研发投入后补助实施细则');
    expect(workbook.worksheets[1]?.getRow(2).values).toBeDefined();
  });
});

describe('a policy at a glance: article/policyResolve', () => {
  it('gives who qualifies, what support, the deadline and the conditions in words', async () => {
    const id = await policyId('江城市科技创新券管理办法（2026年修订）');
    const response = await t.app.inject({ method: 'GET', url: `/api/sys/api/article/policyResolve?id=${id}` });
    expect(response.statusCode).toBe(200);
    const resolve = (response.json() as { data: MatchedRule }).data;
    expect(resolve).toMatchObject({ targetId: id, title: '江城市科技创新券管理办法（2026年修订）', open: true });
    expect(resolve.fields.map((field) => field.label)).toEqual(['申报对象', '支持内容']);
    expect(resolve.fields[0]?.text).toContain('科技型中小企业');
    // The engine's own path answers the same.
    const own = await t.app.inject({ method: 'GET', url: `/api/resources/policy-rule/rules/by-target?id=${id}` });
    expect((own.json() as { data: MatchedRule }).data).toEqual(resolve);
    expect(resolve.conditions).toEqual(['已入库科技型中小企业：是', '职工总数（人） 不高于 500']);
    // A policy without a rule, and an id that is no policy, are the same 404.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sys/api/article/policyResolve?id=${await policyId('江城市科学技术奖励办法')}` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/api/article/policyResolve?id=not-an-id' })).statusCode).toBe(400);
  });

  it('drops a rule from the self-test when its policy is taken down', async () => {
    const token = await login(t.app, 'admin', DEMO_PASSWORD);
    const other: TestUser = { id: '', username: 'admin', password: DEMO_PASSWORD, token, auth: { authorization: `Bearer ${token}` } };
    const id = await policyId('东湖区关于促进科技成果转化的若干政策');
    const [row] = await t.db.select({ version: records.version }).from(records).where(eq(records.id, id));
    const down = await call(t, other, 'POST', '/api/resources/article/transitions/unpublish', {
      id,
      version: row?.version,
      note: '政策调整',
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const result = (await t.app.inject({ method: 'POST', url: '/api/sys/api/pub/selfEvaluationQuery', payload: COMPANY })).json() as {
      data: MatchResult;
    };
    expect(result.data.matched.map((policy) => policy.title)).not.toContain('东湖区关于促进科技成果转化的若干政策');
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/api/article/policyResolve?id=${id}` })).statusCode).toBe(404);
  });
});

describe("the rules: pub/policyResolveList and the engine's rules", () => {
  it('lists every public rule once, in English with English labels and conditions', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/resources/policy-rule/rules',
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const rules = (response.json() as { data: MatchedRule[] }).data;
    expect(rules.length).toBeGreaterThanOrEqual(11);
    expect(new Set(rules.map((rule) => rule.targetId)).size).toBe(rules.length);
    expect(rules[0]?.fields.map((field) => field.label)).toEqual(['Who qualifies', 'Support']);
    const voucher = rules.find((rule) => rule.title === '江城市科技创新券管理办法（2026年修订）');
    expect(voucher?.conditions).toContain('Employees at most 500');
  });

  it("names the English export by the folder's English file name, ending with 文件", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources/policy-rule/match/export',
      payload: COMPANY,
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const name = decodeURIComponent(String(response.headers['content-disposition'] ?? '').replace(/^attachment; filename\*=UTF-8''/, ''));
    expect(name).toBe('Policy self-test result文件.xlsx');
  });
});

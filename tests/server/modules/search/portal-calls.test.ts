import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Issue 13's acceptance: every call of the portal's search, answers and policy proxy answers on a
 * fresh embedded demo database, without a token (JSON, or the export's .xlsx).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

describe('the portal calls of issue 13 (spec §7 /sys/api)', () => {
  it('all answer, as a visitor would use them', async () => {
    const [policy] = await t.db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.resource, 'article'), sql`${records.data} ->> 'title' = '江城市企业研发投入后补助实施细则'`));
    const answers = { district: 'bj', techField: '04', foundedYears: 3, employees: 80, revenue: 2600, rdRatio: 5, inventionPatents: 1 };
    const calls: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown }> = [
      { method: 'GET', url: '/api/sys/api/search?keyword=%E5%88%9B%E6%96%B0%E5%88%B8' },
      { method: 'GET', url: '/api/sys/api/article/hotSearch' },
      { method: 'POST', url: '/api/sys/api/pub/chatQuery', payload: { question: '研发投入后补助的标准是什么' } },
      { method: 'GET', url: `/api/sys/api/article/policyResolve?id=${policy?.id ?? ''}` },
      { method: 'GET', url: '/api/sys/api/pub/policyResolveList' },
      { method: 'POST', url: '/api/sys/api/pub/selfEvaluationQuery', payload: answers },
    ];
    for (const call of calls) {
      const response = await t.app.inject({
        method: call.method,
        url: call.url,
        ...(call.payload ? { payload: call.payload as Record<string, unknown> } : {}),
      });
      expect(response.statusCode, call.url).toBe(200);
      expect(response.headers['content-type'], call.url).toMatch(/^application\/json/);
      expect((response.json() as { code: number }).code, call.url).toBe(0);
    }
    const exported = await t.app.inject({ method: 'POST', url: '/api/sys/api/pub/exportTestResult', payload: answers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/spreadsheetml/);
  });
});

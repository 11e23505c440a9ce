import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListSummaryEntry } from '../../../../src/shared/generated/list-summary-entry';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Issue 14's incubators on a fresh demo database, without a token: hatch list (filters by district),
 * get and getHatchTotal (the totals per district the map colours by), and the map itself, served
 * by the portal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

interface Page {
  total: number;
  records: RecordView[];
}

describe('the incubators for visitors', () => {
  it('lists thirty published incubators over the seven districts, and narrows them by district', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/sys/api/hatch/list?pageNo=1&pageSize=50' });
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json<Envelope<Page>>().data;
    expect(page.total).toBe(30);
    expect(new Set(page.records.map((record) => record.data['district'])).size).toBe(7);
    const donghu = (
      await t.app.inject({ method: 'POST', url: '/api/sys/api/hatch/list', payload: { pageNo: 1, pageSize: 50, district: 'dh' } })
    ).json<Envelope<Page>>().data;
    expect(donghu.total).toBeGreaterThan(0);
    expect(donghu.records.every((record) => record.data['district'] === 'dh')).toBe(true);
  });

  it('counts them by district, the same counts the list gives', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/api/hatch/getHatchTotal' });
    expect(response.statusCode).toBe(200);
    const totals = response.json<Envelope<ListSummaryEntry[]>>().data;
    expect(totals.reduce((sum, entry) => sum + entry.count, 0)).toBe(30);
    const dh = totals.find((entry) => entry.key === 'dh');
    const listed = (await t.app.inject({ method: 'POST', url: '/api/sys/api/hatch/list', payload: { district: 'dh' } })).json<
      Envelope<Page>
    >().data;
    expect(dh?.count).toBe(listed.total);
  });

  it('gives one incubator by id, and a 404 for an id that is none', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/sys/api/hatch/list' })).json<Envelope<Page>>().data.records[0];
    const response = await t.app.inject({ method: 'GET', url: `/api/sys/api/hatch/get?id=${first?.id ?? ''}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<RecordView>>().data.data['name']).toBe(first?.data['name']);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/api/hatch/get?id=00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
  });

  it("serves the district map with the portal, its districts the dictionary's keys", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/maps/jiangcheng' });
    expect(response.statusCode).toBe(200);
    const geo = response.json<Envelope<{ features: { properties: { key: string } }[] }>>().data;
    expect(geo.features.map((feature) => feature.properties.key).sort()).toEqual(['bj', 'dh', 'gx', 'lg', 'nh', 'qs', 'xl']);
    expect((await t.app.inject({ method: 'GET', url: '/api/maps/atlantis' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/maps/..%2Fsecret' })).statusCode).toBe(400);
  });

  it("finds an incubator in the portal's search", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sys/api/search?keyword=${encodeURIComponent('众创空间')}&source=incubator`,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json<Envelope<{ total: number; records: { href: string; source: string }[] }>>().data;
    expect(found.total).toBe(8);
    expect(found.records.every((hit) => hit.source === 'incubator' && hit.href.startsWith('/home/incubation/detail?id='))).toBe(true);
  });
});

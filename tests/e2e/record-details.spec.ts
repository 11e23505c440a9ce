import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { putUnitSession } from './session-helpers';

const tokenOf = tokenCache();

interface Row {
  id: string;
  data: Record<string, unknown>;
}

const nested = (row: Row): boolean => Object.values(row.data).some((value) => typeof value === 'object' && value !== null);

/**
 * The demo's records an administrator can list, per folder: those holding rows or groups (the values that
 * were printed as JSON) first, up to two, else one.
 */
async function sampleRecords(request: APIRequestContext, token: string): Promise<[string, string][]> {
  const headers = { Authorization: `Bearer ${token}` };
  // The record types, as the schema studio lists them.
  const units = await request.get('/api/studio/units', { headers });
  expect(units.ok(), await units.text()).toBe(true);
  const folders = ((await units.json()) as { data: { kind: string; name: string }[] }).data
    .filter((unit) => unit.kind === 'resource')
    .map((unit) => unit.name);
  const picked: [string, string][] = [];
  for (const folder of folders) {
    const definition = await request.get(`/api/resources/${folder}/definition`, { headers });
    if (!definition.ok()) continue;
    const lists = Object.keys(((await definition.json()) as { data: { lists: Record<string, unknown> } }).data.lists);
    const rows = new Map<string, Row>();
    for (const list of lists) {
      const page = await request.post(`/api/resources/${folder}/lists/${list}`, { headers, data: { pageNo: 1, pageSize: 50 } });
      if (!page.ok()) continue;
      // A list for visitors carries only what its page shows: keep the fullest row of a record across its lists.
      for (const row of ((await page.json()) as { data: { records: Row[] } }).data.records) {
        const known = rows.get(row.id);
        if (!known || Object.keys(row.data).length > Object.keys(known.data).length) rows.set(row.id, row);
      }
    }
    const all = [...rows.values()];
    const withNested = all.filter(nested).slice(0, 2);
    for (const row of withNested.length > 0 ? withNested : all.slice(0, 1)) {
      // A folder whose records come from elsewhere (the audit log) may list without a detail page.
      const detail = await request.get(`/api/resources/${folder}/detail`, { headers, params: { id: row.id } });
      if (detail.ok()) picked.push([folder, row.id]);
    }
  }
  return picked;
}

test.describe('detail pages read as a person reads them (issue 30)', () => {
  test('no detail page of the demo shows raw JSON: rows are tables, codes are labels', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, 'admin');
    const records = await sampleRecords(request, token);
    // Every folder with demo records, the ones with rows (guests, licences, evidence) among them.
    expect(records.length).toBeGreaterThan(15);
    await putUnitSession(page, token);
    let tables = 0;
    for (const [folder, id] of records) {
      // Inside the app, as a click would go: no reload between the pages.
      await page.evaluate((href) => {
        window.history.pushState({}, '', href);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/resources/${folder}/detail?id=${id}`);
      const fields = page.locator('.kc-record-fields');
      await expect(fields, `${folder} ${id}`).toBeVisible();
      const text = (await fields.innerText()).replace(/\s+/g, ' ');
      expect(text, `${folder} ${id}`).not.toMatch(/\[\{|\{"/);
      tables += await fields.locator('.kc-record-rows').count();
    }
    expect(tables).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'a detail page with rows');
  });
});

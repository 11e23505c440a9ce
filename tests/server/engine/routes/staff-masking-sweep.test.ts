import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/shared/api/endpoints';
import { applications, records, users } from '../../../../src/server/db/schema';
import { createSession } from '../../../../src/server/services/auth/session-store';
import { clearPersonalNumbers } from '../../helpers/clear-personal-numbers';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * SECURITY R35 (issue 34 item 3): every staff-facing list, detail and export answer on the seeded demo
 * data, read as each staff identity, shows no phone or identity number in full, other than the
 * caller's own and those of records the caller owns (the owner edits them). Unmasking is its own
 * audited call (unmask-route.test.ts, application-unmask.test.ts).
 */
const STAFF = ['reviewer', 'integrity', 'unitofficer', 'admin'] as const;
/** Numbers planted in the applications, which the demo seeds none of. */
const APPLICANT_PHONE = '13912345678';
const CONTACT_PHONE = '15987654321';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
const identities = new Map<string, { id: string; phone: string | null; auth: { authorization: string } }>();
let applicationIds: string[] = [];

function api(url: string): string {
  return url.startsWith('/api') ? url : `/api${url}`;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
  const rows = await t.db
    .select({ id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(inArray(users.username, [...STAFF, 'member', 'applicant']));
  for (const row of rows) {
    const token = await createSession(t.db, row.id, t.clock.now());
    identities.set(row.username, { id: row.id, phone: row.phone, auth: { authorization: `Bearer ${token}` } });
  }
  // Two submitted applications, one per demo activity, with a team member's and a contact's phone.
  const now = t.clock.now();
  const inserted = await t.db
    .insert(applications)
    .values([
      {
        userId: identities.get('member')?.id ?? '',
        activityId: 'innovation-competition',
        status: 'submitted',
        data: {
          team: { members: [{ name: '刘畅', jobTitle: 'senior', role: 'leader', phone: APPLICANT_PHONE, email: 'liu@example.com' }] },
        },
        currentStep: 'attachments',
        version: 3,
        schemaVersion: 'test',
        createdAt: now,
        updatedAt: now,
        submittedAt: now,
      },
      {
        userId: identities.get('applicant')?.id ?? '',
        activityId: 'hightech-cultivation',
        status: 'submitted',
        data: {
          company: { companyName: '星河智能科技有限公司', contactPhone: CONTACT_PHONE, contactEmail: 'zw@example.com' },
          team: { members: [{ name: '张伟', jobTitle: 'senior', role: 'leader', phone: APPLICANT_PHONE }] },
        },
        currentStep: 'attachments',
        version: 3,
        schemaVersion: 'test',
        createdAt: now,
        updatedAt: now,
        submittedAt: now,
      },
    ])
    .returning({ id: applications.id });
  applicationIds = inserted.map((row) => row.id);
}, 120_000);
afterAll(async () => t.close());

/**
 * Where clear numbers turned up for one identity, once per route and key ("<route> contactPhone: a phone 139…"),
 * and which answers were read (so that a sweep refused everywhere cannot pass).
 */
async function sweep(username: string): Promise<{ found: string[]; read: Set<string> }> {
  const who = identities.get(username);
  if (!who) throw new Error(`no demo account ${username}`);
  const allowed = new Set(who.phone ? [who.phone] : []);
  const found = new Map<string, string>();
  const read = new Set<string>();
  const scan = (where: string, text: string): void => {
    read.add(where);
    for (const { what, value, key } of clearPersonalNumbers(text, allowed)) found.set(`${where} ${key}`, `${what} ${value}`);
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });

  // Every list of every resource folder, every record's detail it lists (but the caller's own), and every export.
  for (const resource of t.app.resources.list()) {
    const base = `/api/resources/${resource.name}`;
    for (const [listName, list] of Object.entries(resource.lists)) {
      const answer = await post(`${base}/lists/${listName}`, { pageSize: 100 });
      if (answer.statusCode !== 200) continue;
      scan(`POST ${base}/lists/${listName}`, answer.body);
      const ids = answer.json<{ data: { records: { id: string }[] } }>().data.records.map((record) => String(record.id));
      const uuids = ids.filter((id) => UUID.test(id));
      const owned = new Set(
        uuids.length === 0
          ? []
          : (await t.db.select({ id: records.id, ownerId: records.ownerId }).from(records).where(inArray(records.id, uuids)))
              .filter((row) => row.ownerId === who.id)
              .map((row) => row.id),
      );
      for (const id of ids.slice(0, 25)) {
        if (owned.has(id)) continue;
        const detail = await get(`${base}/detail?id=${id}`);
        if (detail.statusCode === 200) scan(`GET ${base}/detail`, detail.body);
      }
      if (list.export === true) {
        const file = await post(`${base}/lists/${listName}/export`, {});
        if (file.statusCode !== 200) continue;
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
        const cells: string[] = [];
        workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
        scan(`POST ${base}/lists/${listName}/export`, cells.join('\n'));
      }
    }
  }

  // The review of activity applications: its list, and each application's detail.
  const reviewList = await post(api(ENDPOINTS.reviewList), { pageSize: 100 });
  if (reviewList.statusCode === 200) {
    scan(`POST ${ENDPOINTS.reviewList}`, reviewList.body);
    for (const id of applicationIds) {
      const detail = await get(`${api(ENDPOINTS.reviewDetail)}?id=${id}`);
      if (detail.statusCode === 200) scan(`GET ${ENDPOINTS.reviewDetail}`, detail.body);
    }
  }

  // Every other GET route that takes no path parameter (workbench, dashboards, user lists, the audit log, …), with no query.
  const seen = new Set<string>();
  for (const route of t.app.routeAccessList) {
    if (!route.method.split(',').includes('GET') || route.url.includes(':') || route.url.includes('*') || seen.has(route.url)) continue;
    // A folder's definition is its schemas (a made-up example identity number), not anybody's record.
    if (!route.url.startsWith('/api/') || /\/(?:unmasked|definition)$/.test(route.url) || route.url.includes('/export')) continue;
    seen.add(route.url);
    const answer = await get(route.url);
    if (answer.statusCode === 200 && (answer.headers['content-type'] ?? '').toString().includes('json'))
      scan(`GET ${route.url}`, answer.body);
  }
  // The POST list calls that are not a folder's own list route (the spec's aliases, the user and audit lists, search): a page of each.
  for (const route of t.app.routeAccessList) {
    const url = route.url;
    if (!route.method.split(',').includes('POST') || url.includes(':') || url.includes('/resources/') || seen.has(`POST ${url}`)) continue;
    if (!/(?:list|List|query|search|page)(?:[A-Z/]|$)/.test(url.split('/').pop() ?? '')) continue;
    seen.add(`POST ${url}`);
    const answer = await post(url, { pageSize: 100 });
    if (answer.statusCode === 200 && (answer.headers['content-type'] ?? '').toString().includes('json')) scan(`POST ${url}`, answer.body);
  }
  return { found: [...found].map(([where, example]) => `${where}: ${example}`), read };
}

describe('masking everywhere for staff (SECURITY R35, issue 34 item 3)', () => {
  /** Answers each identity must have read, where the demo data (and the planted applications) hold personal numbers. */
  const MUST_READ: Record<(typeof STAFF)[number], string[]> = {
    reviewer: ['POST /api/resources/need/lists/review', 'GET /api/resources/financing/detail', `GET ${ENDPOINTS.reviewDetail}`],
    integrity: ['POST /api/resources/credit/lists/all', 'POST /api/resources/credit-fix/lists/all', `GET ${ENDPOINTS.reviewDetail}`],
    unitofficer: ['POST /api/resources/credit/lists/all'],
    admin: ['POST /api/resources/invite/lists/review', 'POST /api/resources/credit/lists/all/export', `GET ${ENDPOINTS.reviewDetail}`],
  };
  for (const username of STAFF) {
    it(`shows ${username} no phone or identity number in full in any list, detail or export`, async () => {
      const { found, read } = await sweep(username);
      expect(found).toEqual([]);
      expect([...read]).toEqual(expect.arrayContaining(MUST_READ[username]));
      expect(read.size).toBeGreaterThan(10);
    }, 180_000);
  }

  it('finds the planted numbers when they are there: the scan itself works', () => {
    const found = clearPersonalNumbers(`{"phone":"${APPLICANT_PHONE}","id":"110105199001011234","code":"91420100MA4K123456"}`);
    expect(found).toEqual([
      { what: 'a phone', value: APPLICANT_PHONE, key: 'phone' },
      { what: 'an identity number', value: '110105199001011234', key: 'id' },
    ]);
    expect(clearPersonalNumbers('{"phone":"139****5678","id":"110105********1234","at":1732900000000}')).toEqual([]);
    expect(clearPersonalNumbers(`"${CONTACT_PHONE}"`, new Set([CONTACT_PHONE]))).toEqual([]);
  });
});

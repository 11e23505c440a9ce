import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles } from '../../../../src/server/db/schema';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { call, creditRecordData, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { auditedBy } from '../../modules/audit/audit-fixtures';

/**
 * SECURITY R35: personal numbers (x-mask) stay masked in lists and details for everyone but the
 * record's owner; GET /api/resources/<name>/records/:id/unmasked shows them in full to a holder of
 * <permission>.unmask who may read the record, and writes one PI_VIEW audit row per view. The
 * administrator holds unmask by default; the integrity officers and content editors who read these
 * records do not.
 */
let t: TestApp;
let officer: TestUser;
let colleague: TestUser;
let admin: TestUser;
let editor: TestUser;
let applicant: TestUser;
/** Holds integrityCredit.unmask and nothing else: may not read anyone's credit record. */
let unmaskOnly: TestUser;
let credit: RecordView;
let signup: RecordView;

const ID_NUMBER = '110105199003071239';
const MASKED_ID_NUMBER = '110105********1239';
const PHONE = '13912340001';
const unmasked = (resource: string, id: string) => `/api/resources/${resource}/records/${id}/unmasked`;

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  colleague = await createLoggedInUser(t, 'colleague', 'integrity');
  admin = await createLoggedInUser(t, 'admin', 'admin');
  editor = await createLoggedInUser(t, 'editor', 'editor');
  applicant = await createLoggedInUser(t, 'applicant');
  await t.db.insert(roles).values({ id: 'piViewer', name: '个人信息查看', nameEn: 'PI viewer' });
  await t.db.insert(rolePermissions).values({ roleId: 'piViewer', permissionId: 'integrityCredit', actions: ['unmask'] });
  unmaskOnly = await createLoggedInUser(t, 'viewer', 'piViewer');
  const created = await call<RecordView>(t, officer, 'POST', '/api/resources/credit/create', creditRecordData({ idNumber: ID_NUMBER }));
  expect(created.status).toBe(200);
  credit = created.body.data;
  // A visitor signs up for a demo event to come (anonymousCreate, with the folder's captcha).
  const events = (
    await call<{ records: RecordView[] }>(t, undefined, 'POST', '/api/resources/event/lists/published', { pageNo: 1, pageSize: 50 })
  ).body.data.records;
  const coming = events.find((event) => Date.parse(String(event.data['startsAt'])) > t.clock.now().getTime());
  const captcha = await t.app.inject({ method: 'GET', url: '/api/resources/event-signup/captcha' });
  const captchaId = captcha.json<Envelope<{ captchaId: string }>>().data.captchaId;
  const signedUp = await t.app.inject({
    method: 'POST',
    url: '/api/resources/event-signup/create',
    headers: { 'x-captcha-id': captchaId },
    payload: { eventId: coming?.id, name: '韩梅', phone: PHONE, code: TEST_CAPTCHA },
  });
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  signup = signedUp.json<Envelope<RecordView>>().data;
});
afterAll(async () => t.close());

async function piViews(recordId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, 'PI_VIEW'), eq(auditLog.objectId, recordId)));
}

describe('masked personal numbers and their unmasked view (SECURITY R35)', () => {
  it('masks them in lists and details for readers without unmask', async () => {
    const list = await call<{ records: RecordView[] }>(t, colleague, 'POST', '/api/resources/credit/lists/all', {});
    expect(list.body.data.records.find((record) => record.id === credit.id)?.data['idNumber']).toBe(MASKED_ID_NUMBER);
    expect((await call<RecordView>(t, colleague, 'GET', `/api/resources/credit/detail?id=${credit.id}`)).body.data.data['idNumber']).toBe(
      MASKED_ID_NUMBER,
    );
    expect((await call<RecordView>(t, editor, 'GET', `/api/resources/event-signup/detail?id=${signup.id}`)).body.data.data['phone']).toBe(
      '139****0001',
    );
    // The administrator too reads them masked until they ask for the full view.
    expect((await call<RecordView>(t, admin, 'GET', `/api/resources/credit/detail?id=${credit.id}`)).body.data.data['idNumber']).toBe(
      MASKED_ID_NUMBER,
    );
  });

  it('refuses the unmasked view without <permission>.unmask, even to those who read the record', async () => {
    for (const [user, resource, id] of [
      [colleague, 'credit', credit.id],
      [applicant, 'credit', credit.id],
      [editor, 'event-signup', signup.id],
      [unmaskOnly, 'event-signup', signup.id],
    ] as const) {
      const answer = await call(t, user, 'GET', unmasked(resource, id));
      expect(answer.status, `${user.username} ${resource}`).toBe(403);
      expect(answer.body.data).toBeUndefined();
    }
    expect((await call(t, undefined, 'GET', unmasked('credit', credit.id))).status).toBe(401);
    expect(await piViews(credit.id)).toEqual([]);
    expect(await piViews(signup.id)).toEqual([]);
  });

  it('answers the masked fields in full, and nothing else, to a holder of unmask', async () => {
    const idNumber = await call<{ fields: Record<string, string> }>(t, admin, 'GET', unmasked('credit', credit.id));
    expect(idNumber.status).toBe(200);
    expect(idNumber.body.data).toEqual({ fields: { idNumber: ID_NUMBER } });
    const phone = await call<{ fields: Record<string, string> }>(t, admin, 'GET', unmasked('event-signup', signup.id));
    expect(phone.status).toBe(200);
    expect(phone.body.data).toEqual({ fields: { phone: PHONE } });
  });

  it('gives the detail’s 404 for a record the caller may not read, or that does not exist', async () => {
    expect((await call(t, unmaskOnly, 'GET', unmasked('credit', credit.id))).status).toBe(404);
    expect((await call(t, admin, 'GET', unmasked('credit', '00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await call(t, admin, 'GET', unmasked('credit', 'not-a-uuid'))).status).toBe(400);
    expect(await piViews(credit.id)).toHaveLength(1);
  });

  it('writes one PI_VIEW audit row per view, naming the fields and never their values', async () => {
    for (let view = 1; view <= 2; view += 1) {
      const rows = await auditedBy(t, () => call(t, admin, 'GET', unmasked('credit', credit.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        event: 'PI_VIEW',
        result: 'success',
        userId: admin.id,
        username: admin.username,
        role: 'admin',
        objectType: 'credit',
        objectId: credit.id,
        action: 'integrityCredit.unmask',
        reason: 'idNumber',
      });
      expect(JSON.stringify(rows[0])).not.toContain(ID_NUMBER);
    }
    const phone = await auditedBy(t, () => call(t, admin, 'GET', unmasked('event-signup', signup.id)));
    expect(phone).toEqual([
      expect.objectContaining({
        event: 'PI_VIEW',
        objectType: 'event-signup',
        objectId: signup.id,
        action: 'eventSignup.unmask',
        reason: 'phone',
      }),
    ]);
    expect(JSON.stringify(phone)).not.toContain(PHONE);
  });

  it('serves the view on every folder with x-mask fields, and one live route for those masked by a publication (ADR 0045)', () => {
    const routes = t.app.routeAccessList
      .filter((route) => route.method === 'GET' && route.url.endsWith('/records/:id/unmasked'))
      .map((route) => `${route.url} ${typeof route.access === 'object' ? route.access.permission : route.access} ${route.live}`);
    const masking = t.app.resources.list().filter((resource) => resource.maskedFields.length > 0 && resource.resource.source === undefined);
    expect(masking.length).toBeGreaterThanOrEqual(4);
    expect(routes.sort()).toEqual(
      [
        ...masking.map((resource) => `/api/resources/${resource.name}/records/:id/unmasked ${resource.resource.permission}.unmask true`),
        '/api/resources/:resource/records/:id/unmasked public true',
      ].sort(),
    );
  });

  it('answers 404 on the live route for a folder that masks nothing, before asking who calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: unmasked('showcase', credit.id) })).statusCode).toBe(404);
    expect((await call(t, admin, 'GET', unmasked('showcase', credit.id))).status).toBe(404);
  });

  it('lets a user view 60 times a minute', async () => {
    const busy = await createLoggedInUser(t, 'busy', 'admin');
    for (let view = 1; view <= 60; view += 1) expect((await call(t, busy, 'GET', unmasked('event-signup', signup.id))).status).toBe(200);
    expect((await call(t, busy, 'GET', unmasked('event-signup', signup.id))).status).toBe(429);
    // Per user: another administrator still may.
    expect((await call(t, admin, 'GET', unmasked('event-signup', signup.id))).status).toBe(200);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/shared/api/endpoints';
import type { ApplicationView } from '../../../../src/shared/generated/application-view';
import { applications } from '../../../../src/server/db/schema';
import { resealApplications } from '../../../../src/server/modules/application/reseal-applications';
import { rotatePersonalKeys } from '../../../../src/server/seed/rotate-personal-keys';
import { personalCipherOf } from '../../../../src/server/services/crypto/personal-cipher';
import { call, firstSave, saveOk, type Envelope } from '../../helpers/activity-fixtures';
import { clearPersonalNumbers } from '../../helpers/clear-personal-numbers';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { auditedBy } from '../audit/audit-fixtures';

/*
 * SECURITY R34, ADR 0070: an activity application's personal fields (x-mask in its steps: the team
 * members' phones and e-mails, inside the table's rows) are stored sealed with SM4. A raw SQL read of the
 * applications table shows none in clear; the applicant reads them whole, a reviewer masked, an authorised
 * unmask whole with its PI_VIEW row; an application written in clear is sealed at the next start; after
 * keys:rotate, the same again.
 */
const ACTIVITY = 'innovation-competition';
const PHONE = '13912345678';
const EMAIL = 'liu.chang@example.com';
const LEGACY_PHONE = '13698765432';
const DETAIL = `/api${ENDPOINTS.reviewDetail}`;
const UNMASKED = `/api${ENDPOINTS.reviewDetailUnmasked}`;

type Member = Record<string, string>;
const members = (view: ApplicationView): Member[] => (view.data['team'] as { members: Member[] }).members;

let t: TestApp;
let applicant: TestUser;
let reviewer: TestUser;
let id: string;
let legacyId: string;

async function stored(table: string): Promise<string> {
  return JSON.stringify((await t.database.executeSql(`SELECT * FROM ${table}`)).rows);
}

async function nothingInClear(): Promise<void> {
  for (const table of ['applications', 'users']) {
    const text = await stored(table);
    for (const value of [PHONE, EMAIL, LEGACY_PHONE]) expect(text, table).not.toContain(value);
    expect(clearPersonalNumbers(text), table).toEqual([]);
  }
}

async function portalStillWorks(): Promise<void> {
  const own = await call(t, applicant, 'GET', `/api${ENDPOINTS.formQuery}?activityId=${ACTIVITY}`);
  expect(members(own.json<Envelope<ApplicationView>>().data)[0]).toMatchObject({ phone: PHONE, email: EMAIL });
  const detail = await call(t, reviewer, 'GET', `${DETAIL}?id=${id}`);
  expect(members(detail.json<Envelope<ApplicationView>>().data)[0]).toMatchObject({ phone: '139****5678', email: 'l***@example.com' });
  for (const [application, phone] of [
    [id, PHONE],
    [legacyId, LEGACY_PHONE],
  ] as const) {
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const rows = await auditedBy(t, async () => (answer = await call(t, reviewer, 'GET', `${UNMASKED}?id=${application}`)));
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(members(answer?.json<Envelope<ApplicationView>>().data ?? ({ data: {} } as ApplicationView))[0]?.['phone']).toBe(phone);
    expect(rows.filter((row) => row.event === 'PI_VIEW')).toHaveLength(1);
  }
}

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
  applicant = await createLoggedInUser(t, 'applicant');
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
  const view = await firstSave(t, applicant, ACTIVITY);
  await saveOk(t, applicant, {
    activityId: ACTIVITY,
    step: 'team',
    version: view.version,
    data: { members: [{ name: '刘畅', role: 'leader', phone: PHONE, email: EMAIL }] },
  });
  id = view.id;
  // In review (its steps complete or not, the data is what matters here).
  await t.db.update(applications).set({ status: 'submitted', submittedAt: t.clock.now() }).where(eq(applications.id, id));
  // One written in clear before encryption, as the table held them.
  const other = await createLoggedInUser(t, 'legacy');
  const now = t.clock.now();
  const [legacy] = await t.db
    .insert(applications)
    .values({
      userId: other.id,
      activityId: ACTIVITY,
      status: 'submitted',
      data: { team: { members: [{ name: '王磊', role: 'leader', phone: LEGACY_PHONE }] } },
      currentStep: 'team',
      version: 2,
      schemaVersion: 'test',
      createdAt: now,
      updatedAt: now,
      submittedAt: now,
    })
    .returning({ id: applications.id });
  legacyId = legacy?.id ?? '';
}, 120_000);
afterAll(async () => t?.close());

describe('personal fields of activity applications at rest (SECURITY R34, ADR 0070)', () => {
  it('stores a team member’s phone and e-mail sealed, inside the table’s row', async () => {
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    const member = (row?.data['team'] as { members: Member[] } | undefined)?.members[0];
    expect(member?.['name']).toBe('刘畅');
    expect(member?.['phone']).toMatch(/^kc1:k[0-9a-f]{8}:/);
    expect(member?.['email']).toMatch(/^kc1:k[0-9a-f]{8}:/);
  });

  it('seals at the next start an application written in clear', async () => {
    expect(await stored('applications')).toContain(LEGACY_PHONE);
    expect(await resealApplications(t.db, t.app.activities.list())).toBe(1);
    expect(await resealApplications(t.db, t.app.activities.list())).toBe(0);
    await nothingInClear();
  });

  it('shows them whole to the applicant, masked to the reviewer, whole on an audited unmask', async () => {
    await portalStillWorks();
  });

  it('keys:rotate re-seals every application under the new key, and the portal works as before', async () => {
    const before = await personalCipherOf(t.db).currentKeyId();
    const { keyId, resealed } = await rotatePersonalKeys(t.db, { resources: t.app.resources.list(), activities: t.app.activities.list() });
    expect(resealed.applications).toBeGreaterThanOrEqual(2);
    const text = await stored('applications');
    expect(text).not.toContain(`kc1:${before}:`);
    expect(text).toContain(`kc1:${keyId}:`);
    await nothingInClear();
    await portalStillWorks();
    // A text that only looks sealed (typed into a free field) is read as typed, never a 500.
    await t.db.execute(
      sql`UPDATE applications SET data = jsonb_set(data, '{team,members,0,name}', to_jsonb(${`kc1:${keyId}:AAAA`}::text)) WHERE id = ${id}`,
    );
    const detail = await call(t, reviewer, 'GET', `${DETAIL}?id=${id}`);
    expect(detail.statusCode).toBe(200);
    expect(members(detail.json<Envelope<ApplicationView>>().data)[0]?.['name']).toBe(`kc1:${keyId}:AAAA`);
  });
});

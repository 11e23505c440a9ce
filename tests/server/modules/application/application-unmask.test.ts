import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/shared/api/endpoints';
import type { ApplicationView } from '../../../../src/shared/generated/application-view';
import { applications } from '../../../../src/server/db/schema';
import { call, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { auditedBy } from '../audit/audit-fixtures';

/**
 * SECURITY R35 (issue 34 item 3, ADR 0065): an activity application's personal fields (x-mask in its
 * step schemas: the team members' phones and e-mails) are masked in the review detail and in a review
 * decision's answer; GET /sys/form/data/detail/unmasked shows them to a holder of application.unmask
 * (the reviewer, the administrator), one PI_VIEW audit row per view; the integrity officer, who reads
 * applications too, may not unmask them.
 */
const PHONE = '13912345678';
const EMAIL = 'liu.chang@example.com';
const DETAIL = `/api${ENDPOINTS.reviewDetail}`;
const UNMASKED = `/api${ENDPOINTS.reviewDetailUnmasked}`;

let t: TestApp;
let owner: TestUser;
let reviewer: TestUser;
let integrity: TestUser;
let admin: TestUser;
let submitted: string;
let draft: string;

type Member = Record<string, string>;
const members = (view: ApplicationView): Member[] => (view.data['team'] as { members: Member[] }).members;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createLoggedInUser(t, 'owner');
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
  integrity = await createLoggedInUser(t, 'integrity', 'integrity');
  admin = await createLoggedInUser(t, 'admin', 'admin');
  const other = await createLoggedInUser(t, 'other');
  const now = t.clock.now();
  const row = (userId: string, status: string) => ({
    userId,
    activityId: 'innovation-competition',
    status,
    data: { team: { members: [{ name: '刘畅', jobTitle: 'senior', role: 'leader', phone: PHONE, email: EMAIL }] } },
    currentStep: 'team',
    version: 2,
    schemaVersion: 'test',
    createdAt: now,
    updatedAt: now,
    submittedAt: status === 'draft' ? null : now,
  });
  const ids = await t.db
    .insert(applications)
    .values([row(owner.id, 'submitted'), row(other.id, 'draft')])
    .returning({ id: applications.id });
  submitted = ids[0]?.id ?? '';
  draft = ids[1]?.id ?? '';
});
afterAll(async () => t.close());

describe("an application's personal fields for staff (SECURITY R35)", () => {
  it('masks them in the review detail for every reader, and leaves them whole for the applicant', async () => {
    for (const user of [reviewer, integrity, admin]) {
      const detail = await call(t, user, 'GET', `${DETAIL}?id=${submitted}`);
      expect(detail.statusCode, user.username).toBe(200);
      expect(members(detail.json<Envelope<ApplicationView>>().data)[0]).toMatchObject({
        name: '刘畅',
        phone: '139****5678',
        email: 'l***@example.com',
      });
    }
    const own = await call(t, owner, 'GET', `/api/sys/form/data/query?activityId=innovation-competition`);
    expect(members(own.json<Envelope<ApplicationView>>().data)[0]).toMatchObject({ phone: PHONE, email: EMAIL });
  });

  it('masks them in the answer to a review decision too', async () => {
    const decided = await call(t, reviewer, 'POST', `/api${ENDPOINTS.review}`, {
      applicationId: submitted,
      action: 'return',
      version: 2,
      note: '请补充团队成员的职称证明',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(members(decided.json<Envelope<ApplicationView>>().data)[0]?.['phone']).toBe('139****5678');
    expect(decided.body).not.toContain(PHONE);
  });

  it('shows them whole to the reviewer and the administrator, one PI_VIEW row per view naming the fields, never the values', async () => {
    for (const user of [reviewer, admin]) {
      for (let view = 1; view <= 2; view += 1) {
        let answer: Awaited<ReturnType<typeof call>> | undefined;
        const rows = await auditedBy(t, async () => (answer = await call(t, user, 'GET', `${UNMASKED}?id=${submitted}`)));
        expect(answer?.statusCode, answer?.body).toBe(200);
        expect(members(answer?.json<Envelope<ApplicationView>>().data ?? ({ data: {} } as ApplicationView))[0]).toMatchObject({
          phone: PHONE,
          email: EMAIL,
        });
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          event: 'PI_VIEW',
          result: 'success',
          userId: user.id,
          objectType: 'application',
          objectId: submitted,
          action: 'application.unmask',
          reason: 'team.members[].phone,team.members[].email',
        });
        expect(JSON.stringify(rows[0])).not.toContain(PHONE);
      }
    }
  });

  it('refuses the integrity officer (403) and anonymous callers (401), writing no PI_VIEW row; a draft or an unknown id is a 404', async () => {
    const refused = await auditedBy(t, async () => {
      expect((await call(t, integrity, 'GET', `${UNMASKED}?id=${submitted}`)).statusCode).toBe(403);
      expect((await call(t, owner, 'GET', `${UNMASKED}?id=${submitted}`)).statusCode).toBe(403);
      expect((await call(t, undefined, 'GET', `${UNMASKED}?id=${submitted}`)).statusCode).toBe(401);
    });
    expect(refused.filter((row) => row.event === 'PI_VIEW')).toEqual([]);
    const missing = await auditedBy(t, async () => {
      expect((await call(t, reviewer, 'GET', `${UNMASKED}?id=${draft}`)).statusCode).toBe(404);
      expect((await call(t, reviewer, 'GET', `${UNMASKED}?id=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    });
    expect(missing.filter((row) => row.event === 'PI_VIEW')).toEqual([]);
  });
});

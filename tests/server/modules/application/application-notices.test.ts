import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, notifications, smsOutbox, users } from '../../../../src/server/db/schema';
import type { Notification } from '../../../../src/shared/generated/notification';
import { call, completeTinyGrant, FORM, makeSchemasDir, submit, type Envelope, type ViewBody } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * The applications module's submit and review write the notices of schemas/workflows/application.workflow.json
 * through the engine's own writer, in the step's transaction: the reviewers hear of a submission, the
 * applicant of each decision, in both languages, with a link to the page where each reads it.
 */
const ACTIVITY = 'tiny-grant';
const TITLE = '小微创新券申领';
const TITLE_EN = 'Micro innovation voucher';

let t: TestApp;
let cleanup: () => Promise<void>;
let reviewer: TestUser;

const review = (user: TestUser, body: { applicationId: string; action: string; version: number; note?: string }) =>
  call(t, user, 'POST', `${FORM}/review`, body);

const noticesTo = (user: TestUser) => t.db.select().from(notifications).where(eq(notifications.recipientId, user.id));

const list = async (user: TestUser): Promise<Notification[]> =>
  (await call(t, user, 'POST', '/api/notifications/list', {})).json<Envelope<{ records: Notification[] }>>().data.records;

/** A new applicant with a submitted application to the activity. */
async function submittedBy(prefix: string, activityId = ACTIVITY): Promise<{ user: TestUser; application: ViewBody }> {
  const user = await createLoggedInUser(t, prefix);
  const ready = await completeTinyGrant(t, user, activityId, `${prefix} 的项目`);
  const sent = await submit(t, user, activityId, ready.version);
  if (sent.statusCode !== 200) throw new Error(`submit failed: ${sent.body}`);
  return { user, application: sent.json<Envelope<ViewBody>>().data };
}

beforeAll(async () => {
  const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
  cleanup = schemas.cleanup;
  // An English title, so the English notice shows the activity's title in English.
  const manifestPath = join(schemas.dir, 'activities', ACTIVITY, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  await writeFile(manifestPath, JSON.stringify({ ...manifest, locale: { 'en-US': { title: TITLE_EN } } }));
  t = await createTestApp({ schemasDir: schemas.dir });
  reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
});
afterAll(async () => {
  await t?.close();
  await cleanup?.();
});

describe('notices of an application’s submit and review', () => {
  it('tells the reviewers of a submission, linking to the review detail; the applicant is not told of their own step', async () => {
    const { user, application } = await submittedBy('sub');
    const [notice] = (await list(reviewer)).filter((row) => row.href.endsWith(application.id));
    expect(notice).toMatchObject({
      resource: 'application',
      recordId: null,
      action: 'submit',
      title: '申报·提交',
      titleEn: 'Application · Submit',
      body: `测试用户sub提交了「${TITLE}」的申报，请及时审核。`,
      bodyEn: `测试用户sub submitted an application to ${TITLE_EN}; it is waiting for your review.`,
      href: `/integrity/audit/detail?id=${application.id}`,
      read: false,
    });
    expect(await noticesTo(user)).toEqual([]);
    // The link's id is the one the review detail opens.
    expect((await call(t, reviewer, 'GET', `${FORM}/detail?id=${application.id}`)).statusCode).toBe(200);
    // A repeated submit (a double click) records one submission and tells nobody twice.
    const again = await submit(t, user, ACTIVITY, application.version - 1);
    expect(again.statusCode).toBe(200);
    expect((await list(reviewer)).filter((row) => row.href.endsWith(application.id))).toHaveLength(1);
  });

  it.each([
    [
      'approve',
      '已通过的理由',
      'approved',
      `您的「${TITLE}」申报已审核通过。已通过的理由`,
      `Your application to ${TITLE_EN} was approved. 已通过的理由`,
    ],
    [
      'return',
      '请补充附件',
      'returned',
      `您的「${TITLE}」申报被退回修改，原因：请补充附件`,
      `Your application to ${TITLE_EN} was returned for changes: 请补充附件`,
    ],
    [
      'reject',
      '不符合条件',
      'rejected',
      `您的「${TITLE}」申报未通过审核，原因：不符合条件`,
      `Your application to ${TITLE_EN} was rejected: 不符合条件`,
    ],
  ])(
    'tells the applicant of %s in both languages, by SMS too, linking to their application',
    async (action, note, status, body, bodyEn) => {
      const { user, application } = await submittedBy(action);
      const phone = `1390000${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
      await t.db.update(users).set({ phone }).where(eq(users.id, user.id));
      const decided = await review(reviewer, { applicationId: application.id, action, version: application.version, note });
      expect(decided.statusCode).toBe(200);
      const unread = (await call(t, user, 'GET', '/api/notifications/unread-count')).json<Envelope<{ count: number }>>().data.count;
      expect(unread).toBe(1);
      const [notice] = await list(user);
      expect(notice).toMatchObject({
        resource: 'application',
        action,
        body,
        bodyEn,
        href: `/home/activities/applicationFormGroup?activityId=${ACTIVITY}`,
      });
      // The page behind the link reads the applicant's own application, now in its new state.
      const shown = (await call(t, user, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).json<Envelope<ViewBody>>().data;
      expect(shown).toMatchObject({ id: application.id, status });
      // The SMS went out after the commit, in Chinese.
      const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
      expect(sms.map((row) => row.text)).toEqual([body]);
    },
  );

  it('writes no notice for a refused review: a stale version, an applicant without the permission, an action no reviewer takes, the applicant themself', async () => {
    const { user, application } = await submittedBy('refused');
    const other = await createLoggedInUser(t, 'other');
    const attempts = [
      await review(reviewer, { applicationId: application.id, action: 'approve', version: application.version - 1 }),
      await review(other, { applicationId: application.id, action: 'approve', version: application.version }),
      await review(reviewer, { applicationId: application.id, action: 'withdraw', version: application.version }),
      await review(user, { applicationId: application.id, action: 'approve', version: application.version }),
    ];
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([409, 403, 400, 403]);
    expect(await noticesTo(user)).toEqual([]);
  });

  it('writes the notice in the decision’s transaction: a decision that rolls back tells nobody', async () => {
    const { user, application } = await submittedBy('rollback');
    // The audit row is the decision's last write, after the notice: refusing it rolls back both.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_review_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event = 'APPLICATION_APPROVED' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_review_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_review_audit()`,
    );
    try {
      const refused = await review(reviewer, { applicationId: application.id, action: 'approve', version: application.version });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_review_audit ON audit_log`);
      await t.db.execute(sql`DROP FUNCTION refuse_review_audit()`);
    }
    expect(await noticesTo(user)).toEqual([]);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row?.status).toBe('submitted');
    // Of two decisions at once one wins, and only its notice is written.
    const results = await Promise.all([
      review(reviewer, { applicationId: application.id, action: 'approve', version: application.version }),
      review(reviewer, { applicationId: application.id, action: 'reject', version: application.version, note: '材料不全' }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, user.id))),
    ).toHaveLength(1);
  });
});

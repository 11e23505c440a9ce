import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents } from '../../../../src/server/db/schema';
import {
  call,
  completeTinyGrant,
  FORM,
  makeSchemasDir,
  saveOk,
  submit,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';

interface ListBody {
  total: number;
  records: {
    id: string;
    activityId: string;
    activityTitle: string;
    status: string;
    applicantName?: string;
    updatedAt: string;
    submittedAt: string | null;
    currentStep: string | null;
    version: number;
  }[];
}

describe('reviewing applications and the application lists', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let reviewer: TestUser;
  let admin: TestUser;
  let aliceApp: ViewBody;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }, { id: 'second-grant' }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    bob = await createLoggedInUser(t, 'bob');
    reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
    admin = await createLoggedInUser(t, 'admin', 'admin');
    const ready = await completeTinyGrant(t, alice, ACTIVITY, 'Alice 的项目');
    aliceApp = (await submit(t, alice, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    await completeTinyGrant(t, alice, 'second-grant', 'Alice 的草稿');
    await completeTinyGrant(t, bob, ACTIVITY, 'Bob 的草稿');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const list = (user: TestUser, url: string, payload?: unknown) => call(t, user, 'POST', `${FORM}/${url}`, payload);

  it('lists only the caller’s own applications, newest first, page 1 of 10 by default', async () => {
    const mine = (await list(alice, 'queryMyApplicationList')).json<Envelope<ListBody>>().data;
    expect(mine.total).toBe(2);
    expect(mine.records.map((record) => record.activityId)).toEqual(['second-grant', ACTIVITY]);
    expect(mine.records[1]).toMatchObject({ id: aliceApp.id, activityTitle: '小微创新券申领', status: 'submitted', currentStep: 'files' });
    expect(mine.records[1]).not.toHaveProperty('applicantName');
    const bobs = (await list(bob, 'queryMyApplicationList', { pageNo: 1, pageSize: 100 })).json<Envelope<ListBody>>().data;
    expect(bobs.total).toBe(1);
    expect(bobs.records.every((record) => record.id !== aliceApp.id)).toBe(true);
    const paged = (await list(alice, 'queryMyApplicationList', { pageNo: 2, pageSize: 1 })).json<Envelope<ListBody>>().data;
    expect(paged.records.map((record) => record.activityId)).toEqual([ACTIVITY]);
    expect((await list(alice, 'queryMyApplicationList', { pageSize: 101 })).statusCode).toBe(400);
  });

  // Every role against every review route: review-permissions.test.ts.
  it('keeps reviewer calls for reviewers and admins (403 for applicants)', async () => {
    expect((await list(alice, 'queryApplicationList', {})).statusCode).toBe(403);
    expect((await call(t, alice, 'GET', `${FORM}/detail?id=${aliceApp.id}`)).statusCode).toBe(403);
    expect((await list(bob, 'review', { applicationId: aliceApp.id, action: 'approve', version: aliceApp.version })).statusCode).toBe(403);
    expect((await list(admin, 'queryApplicationList', {})).statusCode).toBe(200);
  });

  it('shows reviewers submitted applications of every user, never drafts', async () => {
    const page = (await list(reviewer, 'queryApplicationList', {})).json<Envelope<ListBody>>().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: aliceApp.id, status: 'submitted', applicantName: '测试用户alice' });
    expect((await list(reviewer, 'queryApplicationList', { status: 'draft' })).json<Envelope<ListBody>>().data.total).toBe(0);
    const detail = await call(t, reviewer, 'GET', `${FORM}/detail?id=${aliceApp.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Envelope<ViewBody>>().data).toMatchObject({ id: aliceApp.id, applicantName: '测试用户alice', data: aliceApp.data });
    const bobDraft = (await call(t, bob, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).json<Envelope<ViewBody>>().data;
    expect((await call(t, reviewer, 'GET', `${FORM}/detail?id=${bobDraft.id}`)).statusCode).toBe(404);
    expect((await call(t, reviewer, 'GET', `${FORM}/detail?id=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await call(t, reviewer, 'GET', `${FORM}/detail?id=1`)).statusCode).toBe(400);
  });

  it('returns an application for changes: editable again, then resubmitted; a stale review gets 409', async () => {
    const stale = await list(reviewer, 'review', { applicationId: aliceApp.id, action: 'return', version: aliceApp.version - 1 });
    expect(stale.statusCode).toBe(409);
    // The workflow asks a reason to return (note: required), which the applicant is told: none, or blanks, is refused on the field.
    for (const note of [undefined, '   ']) {
      const bare = await list(reviewer, 'review', { applicationId: aliceApp.id, action: 'return', version: aliceApp.version, note });
      expect(bare.statusCode).toBe(400);
      expect(bare.json<{ errors?: unknown[] }>().errors).toEqual([
        expect.objectContaining({ path: 'note', keyword: 'required', message: '请输入' }),
      ]);
    }
    const returned = await list(reviewer, 'review', {
      applicationId: aliceApp.id,
      action: 'return',
      version: aliceApp.version,
      note: '请补充预算说明',
    });
    expect(returned.statusCode).toBe(200);
    const view = returned.json<Envelope<ViewBody>>().data;
    expect(view).toMatchObject({ status: 'returned', editable: true, version: aliceApp.version + 1 });
    // The reviewer's answer and detail carry the history with the note, for the audit page.
    const returnEntry = {
      action: 'return',
      fromStatus: 'submitted',
      toStatus: 'returned',
      note: '请补充预算说明',
      actorName: '测试用户reviewer',
    };
    expect(returned.json<Envelope<{ history: unknown[] }>>().data.history).toEqual([
      expect.objectContaining({ action: 'submit' }),
      expect.objectContaining(returnEntry),
    ]);
    const detail = await call(t, reviewer, 'GET', `${FORM}/detail?id=${aliceApp.id}`);
    expect(detail.json<Envelope<{ history: unknown[] }>>().data.history).toEqual([
      expect.objectContaining({ action: 'submit' }),
      expect.objectContaining(returnEntry),
    ]);
    // A second decision on the same version loses.
    expect((await list(admin, 'review', { applicationId: aliceApp.id, action: 'approve', version: aliceApp.version })).statusCode).toBe(
      409,
    );
    // Not submitted any more: approving is not a legal transition.
    expect((await list(admin, 'review', { applicationId: aliceApp.id, action: 'approve', version: view.version })).statusCode).toBe(409);

    const saved = await saveOk(t, alice, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: 'Alice 的项目', budget: 30, hasPartner: false },
    });
    const resubmitted = await submit(t, alice, ACTIVITY, saved.version);
    expect(resubmitted.json<Envelope<ViewBody>>().data.status).toBe('submitted');
    aliceApp = resubmitted.json<Envelope<ViewBody>>().data;

    const status = (await call(t, alice, 'GET', `${FORM}/queryStatus?activityId=${ACTIVITY}`)).json<
      Envelope<{ history: { action: string; note?: string; actorName: string }[] }>
    >().data;
    expect(status.history.map((entry) => entry.action)).toEqual(['submit', 'return', 'submit']);
    expect(status.history[1]).toMatchObject({ note: '请补充预算说明', actorName: '测试用户reviewer' });
  });

  it('lets exactly one of two concurrent decisions win, with one decision row', async () => {
    const [approve, reject] = await Promise.all([
      list(reviewer, 'review', { applicationId: aliceApp.id, action: 'approve', version: aliceApp.version }),
      list(admin, 'review', { applicationId: aliceApp.id, action: 'reject', version: aliceApp.version, note: '预算依据不足' }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const decisions = await t.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, aliceApp.id), eq(applicationEvents.version, aliceApp.version + 1)));
    expect(decisions).toHaveLength(1);
    const mine = (await call(t, alice, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).json<Envelope<ViewBody>>().data;
    expect(['approved', 'rejected']).toContain(mine.status);
    expect(mine.editable).toBe(false);
  });

  it('refuses to let a reviewer review their own application', async () => {
    const ready = await completeTinyGrant(t, reviewer, ACTIVITY, '审核人自己的项目');
    const own = (await submit(t, reviewer, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    const response = await list(reviewer, 'review', { applicationId: own.id, action: 'approve', version: own.version });
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<unknown>>().msg).toBe('不能审核自己的申报');
  });
});

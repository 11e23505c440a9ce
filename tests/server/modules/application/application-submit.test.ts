import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../../../src/server/db/schema';
import {
  call,
  completeTinyGrant,
  firstSave,
  FORM,
  makeSchemasDir,
  saveOk,
  submit,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import { TEST_CLOCK_START } from '../../../fixtures/test-clock';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, reopenSession, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';
// Closes a day after the app clock starts: the clock moves past it without expiring the sessions (7 days).
const CLOSING = {
  id: 'closing-grant',
  window: { opensAt: '2020-01-01T00:00:00+08:00', closesAt: new Date(TEST_CLOCK_START.getTime() + 24 * 3600_000).toISOString() },
};
const LATER = { id: 'later-grant', window: { opensAt: '2098-01-01T00:00:00+08:00', closesAt: '2098-12-31T23:59:59+08:00' } };

describe('submitting an application', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }, LATER, CLOSING]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  async function submissionEvents(applicationId: string): Promise<number> {
    const rows = await t.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.action, 'submit')));
    return rows.length;
  }

  it('validates every step of the stored data, unopened steps too; a value its condition hides is not stored', async () => {
    const user = await createLoggedInUser(t, 'hidden');
    let view = await firstSave(t, user, ACTIVITY);
    // partnerName is shown only when hasPartner is true: with false it is dropped, as the browser drops it.
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '隐藏字段项目', hasPartner: false, partnerName: '甲' },
    });
    expect(view.data['basic']).toEqual({ projectName: '隐藏字段项目', hasPartner: false });
    const response = await submit(t, user, ACTIVITY, view.version);
    expect(response.statusCode).toBe(400);
    const body = response.json<Envelope<unknown>>();
    expect(body.msg).toBe('提交的信息有误，请检查后重试');
    expect(body.errors).not.toContainEqual(expect.objectContaining({ path: 'partnerName' }));
    // The files step was never opened: its required field is reported on its own step.
    expect(body.errors).toContainEqual(expect.objectContaining({ step: 'files', path: 'license', keyword: 'required' }));
    // The condition itself: shown and required once hasPartner is true.
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '隐藏字段项目', hasPartner: true },
    });
    const conditional = await call(t, user, 'POST', `${FORM}/validatorData`, { activityId: ACTIVITY });
    expect(conditional.json<Envelope<{ valid: boolean; errors: unknown[] }>>().data.errors).toContainEqual(
      expect.objectContaining({ step: 'basic', path: 'partnerName', keyword: 'required' }),
    );
    expect((await t.db.select().from(applications).where(eq(applications.id, view.id)))[0]?.status).toBe('draft');
  });

  it('checks one step without storing it (validateFormData)', async () => {
    const response = await call(t, alice, 'POST', `${FORM}/validateFormData`, {
      activityId: ACTIVITY,
      step: 'basic',
      data: { projectName: 'x', hasPartner: true },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<Envelope<{ valid: boolean; errors: { step: string; path: string; keyword: string }[] }>>().data;
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => `${error.step}:${error.path}:${error.keyword}`).sort()).toEqual([
      'basic:partnerName:required',
      'basic:projectName:minLength',
    ]);
    const good = await call(t, alice, 'POST', `${FORM}/validateFormData`, {
      activityId: ACTIVITY,
      step: 'basic',
      data: { projectName: '完整的项目', hasPartner: false },
    });
    expect(good.json<Envelope<{ valid: boolean }>>().data.valid).toBe(true);
  });

  it('submits a complete application once; a repeat returns the same view without a second submission', async () => {
    const ready = await completeTinyGrant(t, alice, ACTIVITY, '顺序提交项目');
    const first = await submit(t, alice, ACTIVITY, ready.version);
    expect(first.statusCode).toBe(200);
    const view = first.json<Envelope<ViewBody>>();
    expect(view.msg).toBe('提交成功');
    expect(view.data).toMatchObject({ status: 'submitted', version: ready.version + 1, editable: false });
    expect(view.data.submittedAt).not.toBeNull();
    const again = await submit(t, alice, ACTIVITY, ready.version);
    expect(again.statusCode).toBe(200);
    expect(again.json<Envelope<ViewBody>>().data).toEqual(view.data);
    expect(await submissionEvents(ready.id)).toBe(1);

    const status = await call(t, alice, 'GET', `${FORM}/queryStatus?activityId=${ACTIVITY}`);
    const history =
      status.json<
        Envelope<{ status: string; history: { action: string; fromStatus: string; toStatus: string; actorName: string; at: string }[] }>
      >().data;
    expect(history.status).toBe('submitted');
    expect(history.history).toEqual([
      expect.objectContaining({ action: 'submit', fromStatus: 'draft', toStatus: 'submitted', actorName: '测试用户alice' }),
    ]);
  });

  it('makes exactly one submission of concurrent submits (Promise.all)', async () => {
    const user = await createLoggedInUser(t, 'racer');
    const ready = await completeTinyGrant(t, user, ACTIVITY, '并发提交项目');
    const responses = await Promise.all(Array.from({ length: 6 }, () => submit(t, user, ACTIVITY, ready.version)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const versions = new Set(responses.map((response) => response.json<Envelope<ViewBody>>().data.version));
    expect([...versions]).toEqual([ready.version + 1]);
    expect(await submissionEvents(ready.id)).toBe(1);
  });

  it('is read-only after submit: saves get 409 notEditable and the stored data does not change', async () => {
    const user = await createLoggedInUser(t, 'readonly');
    const ready = await completeTinyGrant(t, user, ACTIVITY, '只读项目');
    const submitted = (await submit(t, user, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    for (const version of [ready.version, submitted.version]) {
      const save = await call(t, user, 'POST', `${FORM}/saveOrUpdate`, {
        activityId: ACTIVITY,
        step: 'basic',
        version,
        data: { projectName: '提交后再改' },
      });
      expect(save.statusCode).toBe(409);
      expect(save.json<Envelope<unknown>>().msg).toBe('申报已提交，当前不可修改');
    }
    const row = (await t.db.select().from(applications).where(eq(applications.id, ready.id)))[0];
    expect(row?.data).toEqual(ready.data);
  });

  it('withdraws a submitted application back to an editable draft while the window is open', async () => {
    const user = await createLoggedInUser(t, 'withdraw');
    const ready = await completeTinyGrant(t, user, ACTIVITY, '撤回项目');
    expect((await call(t, user, 'POST', `${FORM}/withdraw`, { activityId: ACTIVITY })).statusCode).toBe(409);
    const submitted = (await submit(t, user, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    const withdrawn = await call(t, user, 'POST', `${FORM}/withdraw`, { activityId: ACTIVITY });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<Envelope<ViewBody>>().data).toMatchObject({
      status: 'draft',
      editable: true,
      version: submitted.version + 1,
      submittedAt: null,
    });
    const saved = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'basic',
      version: submitted.version + 1,
      data: { projectName: '撤回后修改', hasPartner: false },
    });
    expect((await submit(t, user, ACTIVITY, saved.version)).statusCode).toBe(200);
    const history = (await call(t, user, 'GET', `${FORM}/queryStatus?activityId=${ACTIVITY}`)).json<
      Envelope<{ history: { action: string }[] }>
    >().data.history;
    expect(history.map((entry) => entry.action)).toEqual(['submit', 'withdraw', 'submit']);
  });

  it('refuses a stale submit with 409 versionConflict', async () => {
    const user = await createLoggedInUser(t, 'stale');
    const ready = await completeTinyGrant(t, user, ACTIVITY, '过期版本项目');
    const response = await submit(t, user, ACTIVITY, ready.version - 1);
    expect(response.statusCode).toBe(409);
    expect(response.json<Envelope<{ version: number }>>().data.version).toBe(ready.version);
  });

  it('checks x-unique names against other applicants (termNameExists and again at submit)', async () => {
    const owner = await createLoggedInUser(t, 'owner');
    const ready = await completeTinyGrant(t, owner, ACTIVITY, '独一无二的项目');
    const rival = await createLoggedInUser(t, 'rival');
    const exists = (value: string, user = rival) =>
      call(
        t,
        user,
        'GET',
        `${FORM}/termNameExists?activityId=${ACTIVITY}&step=basic&field=projectName&value=${encodeURIComponent(value)}`,
      ).then((response) => response.json<Envelope<{ exists: boolean }>>().data.exists);
    // A draft does not hold its name yet.
    expect(await exists('独一无二的项目')).toBe(false);
    expect((await submit(t, owner, ACTIVITY, ready.version)).statusCode).toBe(200);
    expect(await exists('独一无二的项目')).toBe(true);
    expect(await exists(' 独一无二的项目 ')).toBe(true);
    expect(await exists('另一个项目')).toBe(false);
    // The caller's own application does not count.
    expect(await exists('独一无二的项目', owner)).toBe(false);
    expect((await call(t, rival, 'GET', `${FORM}/termNameExists?activityId=${ACTIVITY}&step=basic&field=budget&value=1`)).statusCode).toBe(
      400,
    );

    const copy = await completeTinyGrant(t, rival, ACTIVITY, '独一无二的项目');
    const refused = await submit(t, rival, ACTIVITY, copy.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<unknown>>().errors).toContainEqual(
      expect.objectContaining({ step: 'basic', path: 'projectName', keyword: 'unique', message: '该名称已存在' }),
    );
  });

  it('refuses a submit before the window opens (403 windowNotOpen)', async () => {
    const user = await createLoggedInUser(t, 'early');
    const ready = await completeTinyGrant(t, user, LATER.id, '尚未开始项目');
    const response = await submit(t, user, LATER.id, ready.version);
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<unknown>>().msg).toBe('申报尚未开始');
    const activity = await call(t, undefined, 'GET', `/api/schemas/activities/${LATER.id}`);
    expect(activity.json<Envelope<{ state: string }>>().data.state).toBe('notOpen');
  });

  // Last: it moves the app clock past every window.
  it('refuses a submit and a withdraw after the window closes (403 windowClosed), by the server clock', async () => {
    const user = await createLoggedInUser(t, 'late');
    const ready = await completeTinyGrant(t, user, CLOSING.id, '截止后项目');
    const submitted = await createLoggedInUser(t, 'late2');
    const other = await completeTinyGrant(t, submitted, CLOSING.id, '截止前已提交');
    expect((await submit(t, submitted, CLOSING.id, other.version)).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 3600_000);
    // Two days idle end any session (ADR 0008): both log in again.
    const [lateUser, lateSubmitter] = [await reopenSession(t, user), await reopenSession(t, submitted)];
    const response = await submit(t, lateUser, CLOSING.id, ready.version);
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<unknown>>()).toMatchObject({ code: 403, msg: '申报已截止', reason: 'windowClosed' });
    const withdraw = await call(t, lateSubmitter, 'POST', `${FORM}/withdraw`, { activityId: CLOSING.id });
    expect(withdraw.statusCode).toBe(403);
    expect((await t.db.select().from(applications).where(eq(applications.id, ready.id)))[0]?.status).toBe('draft');
  });
});

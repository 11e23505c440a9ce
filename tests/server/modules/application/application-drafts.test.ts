import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../../src/server/db/schema';
import { call, firstSave, FORM, makeSchemasDir, saveOk, type Envelope, type ViewBody } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const CJK = /[\u4e00-\u9fff]/;
const ACTIVITY = 'tiny-grant';

describe('application drafts (/sys/form/data)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }, { id: 'reviewers-only', eligibleRoles: ['reviewer'] }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    bob = await createLoggedInUser(t, 'bob');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  async function stored(userId: string) {
    const rows = await t.db.select().from(applications).where(eq(applications.userId, userId));
    return rows[0];
  }

  it('answers null before the first save, then creates exactly one draft however often it is asked', async () => {
    const before = await call(t, alice, 'GET', `${FORM}/query?activityId=${ACTIVITY}`);
    expect(before.statusCode).toBe(200);
    expect(before.json<Envelope<unknown>>().data).toBeNull();
    const [first, second] = await Promise.all([firstSave(t, alice, ACTIVITY), firstSave(t, alice, ACTIVITY)]);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({
      activityId: ACTIVITY,
      status: 'draft',
      version: 1,
      currentStep: null,
      data: {},
      submittedAt: null,
      editable: true,
    });
    expect(first.schemaVersion).toMatch(/^[0-9a-f]{64}$/);
    const query = await call(t, alice, 'GET', `${FORM}/query?activityId=${ACTIVITY}`);
    expect(query.json<Envelope<ViewBody>>().data.id).toBe(first.id);
  });

  it('saves an unfinished step, bumps the version and remembers the current step', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    const saved = await saveOk(t, alice, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '草稿项目', budget: '' },
      currentStep: 'files',
    });
    expect(saved.version).toBe(view.version + 1);
    expect(saved.currentStep).toBe('files');
    // The cleared budget is not stored; the missing required hasPartner is fine in a draft.
    expect(saved.data).toEqual({ basic: { projectName: '草稿项目' } });
  });

  it('refuses a stale save with 409 and the current version, and stores nothing', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    const fresh = await saveOk(t, alice, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '第一个窗口' },
    });
    const stale = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '第二个窗口' },
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<Envelope<{ version: number; updatedAt: string }>>();
    expect(body.code).toBe(409);
    expect(body.msg).toBe('该申报已在其他窗口或设备上更新，请刷新后再编辑');
    expect(body.data.version).toBe(fresh.version);
    expect(Date.parse(body.data.updatedAt)).not.toBeNaN();
    const row = await stored(alice.id);
    expect(row?.version).toBe(fresh.version);
    expect(row?.data).toEqual({ basic: { projectName: '第一个窗口' } });
  });

  it('lets only one of two racing saves of the same version win', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    const results = await Promise.all(
      ['甲', '乙', '丙'].map((name) =>
        call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
          activityId: ACTIVITY,
          step: 'basic',
          version: view.version,
          data: { projectName: `并发${name}` },
        }),
      ),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((response) => response.statusCode === 200)?.json<Envelope<ViewBody>>().data;
    expect((await stored(alice.id))?.data).toEqual(winner?.data);
  });

  it('refuses unknown fields and wrong types with 400 naming the step and path, and stores nothing', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    const before = await stored(alice.id);
    const unknown = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '项目', isAdmin: true },
    });
    expect(unknown.statusCode).toBe(400);
    const unknownBody = unknown.json<Envelope<unknown>>();
    expect(unknownBody.msg).toMatch(CJK);
    expect(unknownBody.errors).toContainEqual(expect.objectContaining({ step: 'basic', path: 'isAdmin', keyword: 'additionalProperties' }));
    const wrongType = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { budget: '很多' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<Envelope<unknown>>().errors).toContainEqual(
      expect.objectContaining({ step: 'basic', path: 'budget', keyword: 'type' }),
    );
    expect(await stored(alice.id)).toEqual(before);
  });

  it('never takes server-owned fields from the payload', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    for (const extra of [{ status: 'approved' }, { userId: bob.id }, { id: view.id }]) {
      const response = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
        activityId: ACTIVITY,
        step: 'basic',
        version: view.version,
        data: {},
        ...extra,
      });
      expect(response.statusCode).toBe(400);
    }
    const polluted = await t.app.inject({
      method: 'POST',
      url: `${FORM}/saveOrUpdate`,
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: `{"activityId":"${ACTIVITY}","step":"basic","version":${view.version},"data":{"__proto__":{"isAdmin":true}}}`,
    });
    expect(polluted.statusCode).toBe(400);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
    expect((await stored(alice.id))?.status).toBe('draft');
  });

  it('answers 400 for an unknown step, 404 for an unknown activity or a missing draft', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    expect(
      (await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, { activityId: ACTIVITY, step: 'nope', version: view.version, data: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, { activityId: 'no-such-activity', step: 'basic', version: 1, data: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, bob, 'POST', `${FORM}/saveOrUpdate`, { activityId: ACTIVITY, step: 'basic', version: 1, data: {} })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, { activityId: ACTIVITY, step: 'basic', version: 0, data: {} })).statusCode,
    ).toBe(400);
  });

  it('words errors in English when asked', async () => {
    const view = await firstSave(t, alice, ACTIVITY);
    const response = await call(
      t,
      alice,
      'POST',
      `${FORM}/saveOrUpdate`,
      { activityId: ACTIVITY, step: 'basic', version: view.version - 1 || 99, data: {} },
      { 'accept-language': 'en-US' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<Envelope<unknown>>().msg).toMatch(/updated in another window/);
  });

  it('keeps applications per user: another user sees none of them', async () => {
    await firstSave(t, alice, ACTIVITY);
    const response = await call(t, bob, 'GET', `${FORM}/query?activityId=${ACTIVITY}`);
    expect(response.json<Envelope<unknown>>().data).toBeNull();
    const status = await call(t, bob, 'GET', `${FORM}/queryStatus?activityId=${ACTIVITY}`);
    expect(status.statusCode).toBe(404);
  });

  it('refuses to start an application for a role the manifest does not name (403 notQualified)', async () => {
    const response = await call(t, alice, 'POST', `${FORM}/firstSaveFormData`, { activityId: 'reviewers-only' });
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<unknown>>()).toMatchObject({ msg: '您的账号暂不具备申报资格', reason: 'notQualified' });
  });

  it('serves the per-resource aliases of the steps', async () => {
    const carol = await createLoggedInUser(t, 'carol');
    const empty = await call(t, carol, 'GET', `${FORM}/enterprise/query?activityId=${ACTIVITY}`);
    expect(empty.json<Envelope<unknown>>().data).toEqual({ version: 0, data: null });
    const view = await firstSave(t, carol, ACTIVITY);
    const saved = await call(t, carol, 'POST', `${FORM}/enterprise/saveOrUpdate`, {
      activityId: ACTIVITY,
      version: view.version,
      data: { projectName: '别名保存' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Envelope<ViewBody>>().data.data['basic']).toEqual({ projectName: '别名保存' });
    const read = await call(t, carol, 'GET', `${FORM}/enterprise/query?activityId=${ACTIVITY}`);
    expect(read.json<Envelope<unknown>>().data).toEqual({ version: view.version + 1, data: { projectName: '别名保存' } });
    // The activity has no step for this resource.
    expect((await call(t, carol, 'GET', `${FORM}/industry/query?activityId=${ACTIVITY}`)).statusCode).toBe(404);
    // attachment/query is the alias, not a download of id "query".
    expect((await call(t, carol, 'GET', `${FORM}/attachment/query?activityId=${ACTIVITY}`)).json<Envelope<unknown>>().data).toEqual({
      version: view.version + 1,
      data: null,
    });
  });

  it('requires a login for every call but getTime', async () => {
    expect((await call(t, undefined, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).statusCode).toBe(401);
    expect((await call(t, undefined, 'POST', `${FORM}/firstSaveFormData`, { activityId: ACTIVITY })).statusCode).toBe(401);
    const time = await call(t, undefined, 'GET', `${FORM}/getTime`);
    expect(time.statusCode).toBe(200);
    expect(Math.abs(Date.parse(time.json<Envelope<{ now: string }>>().data.now) - t.clock.now().getTime())).toBeLessThan(5000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, completeTinyGrant, FORM, makeSchemasDir, submit, type Envelope, type ViewBody } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';

/**
 * Spec §6 on the review routes: the list needs application.query, the detail application.get and a
 * decision application.update. Anonymous callers get 401, logged-in callers without the action 403.
 */
describe('review routes by permission', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let users: Record<'alice' | 'carol' | 'applicant' | 'stranger' | 'integrity' | 'reviewer' | 'admin', TestUser>;
  let aliceApp: ViewBody;
  let carolApp: ViewBody;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    users = {
      alice: await createLoggedInUser(t, 'alice'),
      carol: await createLoggedInUser(t, 'carol'),
      applicant: await createLoggedInUser(t, 'applicant', 'applicant'),
      // A role the catalogue does not know grants nothing.
      stranger: await createLoggedInUser(t, 'stranger', 'auditor'),
      integrity: await createLoggedInUser(t, 'integrity', 'integrity'),
      reviewer: await createLoggedInUser(t, 'reviewer', 'reviewer'),
      admin: await createLoggedInUser(t, 'admin', 'admin'),
    };
    aliceApp = (await submit(t, users.alice, ACTIVITY, (await completeTinyGrant(t, users.alice, ACTIVITY, 'Alice 的项目')).version)).json<
      Envelope<ViewBody>
    >().data;
    carolApp = (await submit(t, users.carol, ACTIVITY, (await completeTinyGrant(t, users.carol, ACTIVITY, 'Carol 的项目')).version)).json<
      Envelope<ViewBody>
    >().data;
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const listAs = (user: TestUser | undefined) => call(t, user, 'POST', `${FORM}/queryApplicationList`, {});
  const detailAs = (user: TestUser | undefined, id = aliceApp.id) => call(t, user, 'GET', `${FORM}/detail?id=${id}`);
  const reviewAs = (user: TestUser | undefined, target: ViewBody, action = 'return') =>
    call(t, user, 'POST', `${FORM}/review`, { applicationId: target.id, action, version: target.version, note: '请补充材料' });

  it('answers 401 to anonymous callers on every review route', async () => {
    for (const response of [await listAs(undefined), await detailAs(undefined), await reviewAs(undefined, aliceApp)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
    }
  });

  it('answers 403 没有足够的权限 to an applicant and to an unknown role on every review route', async () => {
    for (const user of [users.applicant, users.stranger]) {
      for (const response of [await listAs(user), await detailAs(user), await reviewAs(user, aliceApp)]) {
        expect(response.statusCode, user.username).toBe(403);
        expect(response.json()).toEqual({ code: 403, msg: '没有足够的权限' });
      }
    }
  });

  it('lets the integrity officer list and open applications (query, get) but not decide (no update)', async () => {
    const page = await listAs(users.integrity);
    expect(page.statusCode).toBe(200);
    expect(page.json<Envelope<{ total: number }>>().data.total).toBe(2);
    expect((await detailAs(users.integrity)).statusCode).toBe(200);
    const review = await reviewAs(users.integrity, aliceApp, 'approve');
    expect(review.statusCode).toBe(403);
    expect(review.json()).toEqual({ code: 403, msg: '没有足够的权限' });
    // Refused before the body is even checked: a malformed decision is the same 403, never a 400 hint.
    expect((await call(t, users.integrity, 'POST', `${FORM}/review`, { nonsense: true })).statusCode).toBe(403);
    const mine = (await call(t, users.alice, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).json<Envelope<ViewBody>>().data;
    expect(mine).toMatchObject({ status: 'submitted', version: aliceApp.version });
  });

  it('lets a reviewer list, open and decide', async () => {
    expect((await listAs(users.reviewer)).statusCode).toBe(200);
    expect((await detailAs(users.reviewer)).statusCode).toBe(200);
    const returned = await reviewAs(users.reviewer, aliceApp, 'return');
    expect(returned.statusCode).toBe(200);
    expect(returned.json<Envelope<ViewBody>>().data.status).toBe('returned');
  });

  it('lets an admin list, open and decide', async () => {
    expect((await listAs(users.admin)).statusCode).toBe(200);
    expect((await detailAs(users.admin, carolApp.id)).statusCode).toBe(200);
    const approved = await reviewAs(users.admin, carolApp, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Envelope<ViewBody>>().data.status).toBe('approved');
  });

  it('still refuses a permitted reviewer their own application', async () => {
    const own = (
      await submit(t, users.admin, ACTIVITY, (await completeTinyGrant(t, users.admin, ACTIVITY, '管理员自己的项目')).version)
    ).json<Envelope<ViewBody>>().data;
    const response = await reviewAs(users.admin, own, 'approve');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, msg: '不能审核自己的申报', reason: 'ownApplication' });
  });
});

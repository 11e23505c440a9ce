import { and, eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formResourcePath } from '../../../../src/shared/api/endpoints';
import { applications } from '../../../../src/server/db/schema';
import {
  addFixtureActivity,
  call,
  firstSave,
  FORM,
  makeSchemasDir,
  saveOk,
  submit,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

// One step with two RichText fields, the second shown (and required) only when hasRisk is true.
const ACTIVITY = 'rich-report';
const RICH_REPORT_DIR = fileURLToPath(new URL('../../../fixtures/activities/rich-report', import.meta.url));

const HOSTILE =
  '<p onclick="alert(1)">按计划推进<script>alert(1)</script><img src=x onerror=alert(1)></p><ul><li><strong>样机</strong>已完成</li></ul><a href="javascript:alert(1)">链接</a>';
const CLEAN = '<p>按计划推进</p><ul><li><strong>样机</strong>已完成</li></ul><a>链接</a>';

describe('rich text in an activity step is stored sanitised (the write pipeline of activity steps)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([]);
    cleanup = schemas.cleanup;
    await addFixtureActivity(schemas.dir, { id: ACTIVITY }, RICH_REPORT_DIR);
    t = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const stored = async (userId: string) =>
    (
      await t.db
        .select({ data: applications.data })
        .from(applications)
        .where(and(eq(applications.userId, userId), eq(applications.activityId, ACTIVITY)))
    )[0]?.data;

  it('drops scripts, event handlers and unsafe links on save, keeps the allowed tags, and answers with what it stored', async () => {
    const user = await createLoggedInUser(t, 'rich-save');
    const view = await firstSave(t, user, ACTIVITY);
    const saved = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'report',
      version: view.version,
      data: { title: '季度进展', progress: HOSTILE, hasRisk: false },
    });
    expect(saved.data['report']).toEqual({ title: '季度进展', progress: CLEAN, hasRisk: false });
    for (const unsafe of ['<script', 'onerror', 'onclick', 'javascript:', '<img'])
      expect(JSON.stringify(await stored(user.id))).not.toContain(unsafe);
    expect((await stored(user.id))?.['report']).toEqual({ title: '季度进展', progress: CLEAN, hasRisk: false });
    const query = await call(t, user, 'GET', `${FORM}/query?activityId=${ACTIVITY}`);
    expect(query.json<Envelope<ViewBody>>().data.data['report']?.['progress']).toBe(CLEAN);
  });

  it("sanitises the spec's per-resource save of the step too", async () => {
    const user = await createLoggedInUser(t, 'rich-resource');
    const view = await firstSave(t, user, ACTIVITY);
    const response = await call(t, user, 'POST', `/api${formResourcePath('save', 'description')}`, {
      activityId: ACTIVITY,
      version: view.version,
      data: { title: '季度进展', progress: HOSTILE, hasRisk: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(user.id))?.['report']?.['progress']).toBe(CLEAN);
  });

  it('treats a rich text with nothing visible left as cleared: not stored, and missing where it is required', async () => {
    const user = await createLoggedInUser(t, 'rich-empty');
    const view = await firstSave(t, user, ACTIVITY);
    const data = { title: '季度进展', progress: '<p>进展</p>', hasRisk: true, risk: '<script>alert(1)</script><p> </p>' };
    const saved = await saveOk(t, user, { activityId: ACTIVITY, step: 'report', version: view.version, data });
    expect(saved.data['report']).toEqual({ title: '季度进展', progress: '<p>进展</p>', hasRisk: true });
    const check = await call(t, user, 'POST', `${FORM}/validateFormData`, { activityId: ACTIVITY, step: 'report', data });
    expect(check.json<Envelope<{ valid: boolean; errors: { path: string; keyword: string }[] }>>().data.errors).toEqual([
      expect.objectContaining({ path: 'risk', keyword: 'required' }),
    ]);
  });

  it('does not store a rich text its condition hides, and submits the sanitised step', async () => {
    const user = await createLoggedInUser(t, 'rich-submit');
    const view = await firstSave(t, user, ACTIVITY);
    const saved = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'report',
      version: view.version,
      data: { title: '季度进展', progress: HOSTILE, hasRisk: false, risk: '<p>不应保存</p>' },
    });
    expect(saved.data['report']).toEqual({ title: '季度进展', progress: CLEAN, hasRisk: false });
    const response = await submit(t, user, ACTIVITY, saved.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<ViewBody>>().data).toMatchObject({ status: 'submitted', data: { report: { progress: CLEAN } } });
  });
});

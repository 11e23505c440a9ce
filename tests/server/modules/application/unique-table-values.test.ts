import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

// One step with a table whose project name column is x-unique (and a top-level field that is not).
const ACTIVITY = 'project-roster';
const ROSTER_DIR = fileURLToPath(new URL('../../../fixtures/activities/project-roster', import.meta.url));

type Rows = { name?: string; leader?: string }[];

describe('x-unique on a table column (project names unique across applicants and within one table)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([]);
    cleanup = schemas.cleanup;
    await addFixtureActivity(schemas.dir, { id: ACTIVITY }, ROSTER_DIR);
    t = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  async function roster(user: TestUser, projects: Rows): Promise<ViewBody> {
    const view = await firstSave(t, user, ACTIVITY);
    return saveOk(t, user, { activityId: ACTIVITY, step: 'projects', version: view.version, data: { unitName: '测试单位', projects } });
  }

  const lookup = (user: TestUser, field: string, value: string) =>
    call(
      t,
      user,
      'GET',
      `${FORM}/termNameExists?activityId=${ACTIVITY}&step=projects&field=${encodeURIComponent(field)}&value=${encodeURIComponent(value)}`,
    );

  async function exists(user: TestUser, field: string, value: string): Promise<boolean> {
    const response = await lookup(user, field, value);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<{ exists: boolean }>>().data.exists;
  }

  it('answers termNameExists for a cell of any row once another applicant has submitted the name', async () => {
    const owner = await createLoggedInUser(t, 'roster-owner');
    const rival = await createLoggedInUser(t, 'roster-rival');
    const ready = await roster(owner, [{ name: '智能传感器研发', leader: '张三' }, { name: '工业视觉质检' }]);
    // A draft does not hold its names yet.
    expect(await exists(rival, 'projects.0.name', '工业视觉质检')).toBe(false);
    expect((await submit(t, owner, ACTIVITY, ready.version)).statusCode).toBe(200);
    // Any row number (or *) names the column; every row of the other application counts; spaces around are ignored.
    expect(await exists(rival, 'projects.0.name', '工业视觉质检')).toBe(true);
    expect(await exists(rival, 'projects.4.name', ' 智能传感器研发 ')).toBe(true);
    expect(await exists(rival, 'projects.*.name', '智能传感器研发')).toBe(true);
    expect(await exists(rival, 'projects.0.name', '另一个项目')).toBe(false);
    // The caller's own application does not count.
    expect(await exists(owner, 'projects.1.name', '工业视觉质检')).toBe(false);
    // Columns and fields that are not x-unique, and paths that are no column, are still refused.
    for (const field of ['projects.0.leader', 'unitName', 'projects', 'projects.name', 'projects.0.name.x', 'projects.-1.name']) {
      expect((await lookup(rival, field, '张三')).statusCode, field).toBe(400);
    }
  });

  it('refuses at submit a row whose name another applicant holds, on that row, with the localised message', async () => {
    const holder = await createLoggedInUser(t, 'roster-holder');
    const held = await roster(holder, [{ name: '氢能储运示范' }]);
    expect((await submit(t, holder, ACTIVITY, held.version)).statusCode).toBe(200);

    const copier = await createLoggedInUser(t, 'roster-copier');
    const copy = await roster(copier, [{ name: '新材料中试' }, { name: ' 氢能储运示范' }]);
    const refused = await submit(t, copier, ACTIVITY, copy.version);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<Envelope<unknown>>().errors ?? [];
    expect(errors).toEqual([
      expect.objectContaining({ step: 'projects', path: 'projects.1.name', keyword: 'unique', message: '该名称已存在' }),
    ]);
    // The same check before submitting (validateFormData), worded in the request's language.
    const checked = await call(
      t,
      copier,
      'POST',
      `${FORM}/validateFormData`,
      { activityId: ACTIVITY, step: 'projects', data: { unitName: '测试单位', projects: [{ name: '氢能储运示范' }] } },
      { 'accept-language': 'en-US' },
    );
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Envelope<{ errors: unknown[] }>>().data.errors).toEqual([
      expect.objectContaining({ path: 'projects.0.name', keyword: 'unique', message: 'This name is already taken' }),
    ]);

    // Renamed, it goes through.
    const renamed = await saveOk(t, copier, {
      activityId: ACTIVITY,
      step: 'projects',
      version: copy.version,
      data: { unitName: '测试单位', projects: [{ name: '新材料中试' }, { name: '氢能储运二期' }] },
    });
    expect((await submit(t, copier, ACTIVITY, renamed.version)).statusCode).toBe(200);
  });

  it('refuses a name listed twice in one table, on the later row only, though no one else holds it', async () => {
    const user = await createLoggedInUser(t, 'roster-twice');
    const twice = await roster(user, [{ name: '数字孪生平台' }, { name: '边缘计算网关' }, { name: '数字孪生平台 ' }]);
    const refused = await submit(t, user, ACTIVITY, twice.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<unknown>>().errors).toEqual([
      expect.objectContaining({ step: 'projects', path: 'projects.2.name', keyword: 'unique', message: '该名称已存在' }),
    ]);
    const all = await call(t, user, 'POST', `${FORM}/validatorData`, { activityId: ACTIVITY });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<Envelope<{ valid: boolean; errors: { path: string }[] }>>().data.errors.map((error) => error.path)).toEqual([
      'projects.2.name',
    ]);
    // A draft may hold the repeat (it was saved above); the name is not taken by anyone else meanwhile.
    const other = await createLoggedInUser(t, 'roster-other');
    expect(await exists(other, 'projects.0.name', '数字孪生平台')).toBe(false);
  });
});

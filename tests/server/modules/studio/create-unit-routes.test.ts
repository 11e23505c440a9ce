import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schemaPublications } from '../../../../src/server/db/schema';
import { call, firstSave, FORM, makeSchemasDir, saveOk, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const ACTIVITIES = '/api/schemas/activities';

interface UnitBody {
  kind: string;
  name: string;
  path: string;
  title: string;
  version: string;
  live: boolean;
  files: Record<string, string>;
}
interface SummaryBody {
  id: string;
  title: string;
  state: string;
}

describe('new units from the studio (ADR 0040)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let otherSchemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  let applicant: TestUser;

  const create = (body: Record<string, unknown>, user: TestUser = editor) => call(t, user, 'POST', `${STUDIO}/create`, body);
  const listed = async (app: TestApp = t) =>
    (await call(app, undefined, 'GET', ACTIVITIES)).json<Envelope<SummaryBody[]>>().data.map((entry) => entry.id);

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    // Another "process" with its own files, as another machine: it learns of a new unit from the database alone.
    otherSchemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    applicant = await createLoggedInUser(t, 'applicant', 'applicant');
  });

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('is closed to an applicant (403)', async () => {
    const response = await create({ kind: 'activity', name: 'not-mine', title: '无权新建', from: { blank: true } }, applicant);
    expect(response.statusCode).toBe(403);
  });

  it('creates a blank activity: live at once, listed, open now for 90 days, its files written, audited; an applicant saves its first step', async () => {
    const response = await create({ kind: 'activity', name: 'green-grant', title: '绿色创新券', from: { blank: true }, note: '试点' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<UnitBody>>();
    expect(body.msg).toBe('已新建，各服务进程将在几秒内生效，无需重启');
    expect(body.data).toMatchObject({
      kind: 'activity',
      name: 'green-grant',
      path: 'activities/green-grant',
      title: '绿色创新券',
      live: true,
    });
    expect(Object.keys(body.data.files).sort()).toEqual(['basic.schema.json', 'manifest.json']);
    const manifest = JSON.parse(body.data.files['manifest.json'] ?? '') as { window: { opensAt: string; closesAt: string } };
    expect(manifest.window.opensAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(Date.parse(manifest.window.closesAt) - Date.parse(manifest.window.opensAt)).toBe(90 * 24 * 60 * 60 * 1000);
    expect(JSON.parse(body.data.files['basic.schema.json'] ?? '')).toMatchObject({
      $id: 'https://schemas.kechuang.local/activities/green-grant/basic.schema.json',
      required: ['projectName'],
    });
    // The files, for git and the next start.
    expect(await readFile(join(schemas.dir, 'activities', 'green-grant', 'manifest.json'), 'utf8')).toBe(body.data.files['manifest.json']);

    expect(await listed()).toContain('green-grant');
    const summary = (await call(t, undefined, 'GET', ACTIVITIES))
      .json<Envelope<SummaryBody[]>>()
      .data.find((entry) => entry.id === 'green-grant');
    expect(summary).toMatchObject({ title: '绿色创新券', state: 'open' });

    const draft = await firstSave(t, applicant, 'green-grant');
    const saved = await saveOk(t, applicant, {
      activityId: 'green-grant',
      step: 'basic',
      version: draft.version,
      data: { projectName: '屋顶光伏' },
    });
    expect(saved.version).toBe(draft.version + 1);

    const rows = await t.db.select().from(schemaPublications).where(eq(schemaPublications.name, 'green-grant'));
    expect(rows).toMatchObject([
      { kind: 'activity', action: 'create', baseVersion: null, version: body.data.version, actorId: editor.id, note: '试点' },
    ]);
    const audit = await t.db
      .select({ event: auditLog.event, objectId: auditLog.objectId, userId: auditLog.userId, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.event, 'SCHEMA_CREATED'));
    expect(audit).toEqual([
      {
        event: 'SCHEMA_CREATED',
        objectId: 'activity/green-grant',
        userId: editor.id,
        reason: expect.stringMatching(/^blank → [0-9a-f]{12}（#\d+）$/),
      },
    ]);
    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=activity&name=green-grant`)).json<
      Envelope<{ action: string; live: boolean }[]>
    >();
    expect(versions.data).toMatchObject([{ action: 'create', live: true }]);
  });

  it('installs a new unit in another process at its next poll, from the database alone', async () => {
    expect(other.app.activities.get('green-grant')).toBeUndefined();
    expect(await other.app.schemaSync.poll()).toBeGreaterThanOrEqual(1);
    expect(await listed(other)).toContain('green-grant');
    const units = (await call(other, editor, 'GET', `${STUDIO}/units`)).json<Envelope<{ kind: string; name: string }[]>>().data;
    expect(units).toContainEqual(expect.objectContaining({ kind: 'activity', name: 'green-grant' }));
  });

  it('installs at start-up a created unit whose files this machine never had', async () => {
    const fresh = await makeSchemasDir([{ id: 'tiny-grant' }]);
    const started = await createTestApp({ schemasDir: fresh.dir, shareDatabaseOf: t });
    try {
      expect(started.app.activities.get('green-grant')?.definition.manifest.title).toBe('绿色创新券');
      expect(await listed(started)).toContain('green-grant');
    } finally {
      await started.close();
      await fresh.cleanup();
    }
  });

  it('creates activities from both templates, with their steps and an Upload field', async () => {
    const basic = await create({ kind: 'activity', name: 'with-files', title: '基本信息加附件', from: { template: 'basic-attachments' } });
    expect(basic.statusCode).toBe(200);
    const files = basic.json<Envelope<UnitBody>>().data.files;
    expect(Object.keys(files).sort()).toEqual(['attachments.schema.json', 'basic.schema.json', 'manifest.json']);
    const company = JSON.parse(files['basic.schema.json'] ?? '') as { properties: Record<string, unknown> };
    expect(Object.keys(company.properties)).toEqual(expect.arrayContaining(['companyName', 'creditCode', 'contactMobile']));
    const attachments = JSON.parse(files['attachments.schema.json'] ?? '') as {
      properties: Record<string, { 'x-component'?: string; 'x-upload'?: unknown }>;
    };
    expect(attachments.properties['license']).toMatchObject({ 'x-component': 'Upload', 'x-upload': { accept: ['pdf', 'jpg', 'png'] } });

    const project = await create({ kind: 'activity', name: 'project-call', title: '项目申报', from: { template: 'project-application' } });
    expect(project.statusCode).toBe(200);
    const manifest = JSON.parse(project.json<Envelope<UnitBody>>().data.files['manifest.json'] ?? '') as { steps: { key: string }[] };
    expect(manifest.steps.map((step) => step.key)).toEqual(['basic', 'project', 'attachments']);
    expect(await listed()).toEqual(expect.arrayContaining(['with-files', 'project-call']));

    const unknown = await create({ kind: 'activity', name: 'no-such', title: '没有模板', from: { template: 'nothing' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Envelope<unknown>>().msg).toBe('没有这个模板');
  });

  it('copies an activity: every file, with its id, title and step $ids rewritten', async () => {
    const response = await create({ kind: 'activity', name: 'tiny-copy', title: '小微创新券（复制）', from: { copy: 'tiny-grant' } });
    expect(response.statusCode).toBe(200);
    const files = response.json<Envelope<UnitBody>>().data.files;
    expect(Object.keys(files).sort()).toEqual(['basic.schema.json', 'files.schema.json', 'manifest.json']);
    expect(JSON.parse(files['manifest.json'] ?? '')).toMatchObject({ id: 'tiny-copy', title: '小微创新券（复制）' });
    expect(JSON.parse(files['files.schema.json'] ?? '')).toMatchObject({
      $id: 'https://schemas.kechuang.local/activities/tiny-copy/files.schema.json',
    });
    expect(Object.values(files).join('')).not.toContain('activities/tiny-grant/');
    expect(t.app.activities.get('tiny-copy')?.definition.steps.map((step) => step.key)).toEqual(['basic', 'files']);
  });

  it('creates a form blank, from its template and as a copy', async () => {
    const blank = await create({ kind: 'form', name: 'feedback', title: '意见反馈', from: { blank: true } });
    expect(blank.statusCode).toBe(200);
    expect(blank.json<Envelope<UnitBody>>().data).toMatchObject({ kind: 'form', path: 'forms/feedback.schema.json', title: '意见反馈' });
    expect(t.app.schemaRegistry.get('feedback')?.id).toBe('https://schemas.kechuang.local/forms/feedback.schema.json');
    expect(await readFile(join(schemas.dir, 'forms', 'feedback.schema.json'), 'utf8')).toContain('"title": "意见反馈"');

    const template = await create({ kind: 'form', name: 'contact-card', title: '联系信息', from: { template: 'contact' } });
    expect(template.statusCode).toBe(200);
    expect(t.app.schemaRegistry.get('contact-card')?.schema.required).toEqual(['name', 'phone']);

    const copy = await create({ kind: 'form', name: 'message-copy', title: '留言（复制）', from: { copy: 'message' } });
    expect(copy.statusCode).toBe(200);
    const entry = t.app.schemaRegistry.get('message-copy');
    expect(entry).toMatchObject({ id: 'https://schemas.kechuang.local/forms/message-copy.schema.json', schema: { title: '留言（复制）' } });
    // The original is untouched.
    expect(t.app.schemaRegistry.get('message')?.id).toBe('https://schemas.kechuang.local/forms/message.schema.json');
    expect(await other.app.schemaSync.poll()).toBeGreaterThanOrEqual(3);
    expect(other.app.schemaRegistry.get('feedback')?.schema.title).toBe('意见反馈');
  });

  it('refuses a name that is taken (409): live, only on disk, or held by a publication', async () => {
    const live = await create({ kind: 'activity', name: 'tiny-grant', title: '重名', from: { blank: true } });
    expect(live.statusCode).toBe(409);
    expect(live.json<Envelope<unknown>>().msg).toBe('这个名称已被使用（线上、文件中或已发布的版本），请换一个名称');
    expect((await create({ kind: 'form', name: 'message', title: '重名', from: { blank: true } })).statusCode).toBe(409);
    // The other process has no files of green-grant; the publications hold the name.
    const published = await call(other, editor, 'POST', `${STUDIO}/create`, {
      kind: 'form',
      name: 'feedback',
      title: '重名',
      from: { blank: true },
    });
    expect(published.statusCode).toBe(409);
    const english = await call(
      t,
      editor,
      'POST',
      `${STUDIO}/create`,
      { kind: 'activity', name: 'green-grant', title: 'x', from: { blank: true } },
      { 'accept-language': 'en-US' },
    );
    expect(english.statusCode).toBe(409);
  });

  it('refuses a bad name (400), an unknown unit to copy (404) and writes nothing', async () => {
    for (const name of ['a', 'Upper', '1abc', 'has_underscore', `a${'b'.repeat(64)}`]) {
      const response = await create({ kind: 'activity', name, title: '坏名称', from: { blank: true } });
      expect(response.statusCode, name).toBe(400);
    }
    expect((await create({ kind: 'activity', name: 'a', title: '坏名称', from: { blank: true } })).json<Envelope<unknown>>().msg).toContain(
      '名称不符合要求',
    );
    expect((await create({ kind: 'activity', name: 'copy-nothing', title: '无源', from: { copy: 'nothing-here' } })).statusCode).toBe(404);
    expect(await t.db.select().from(schemaPublications).where(eq(schemaPublications.name, 'copy-nothing'))).toEqual([]);
  });

  it('retires an activity: left out of the list, no new application, an existing draft still read; versioned and audited', async () => {
    const unit = (await call(t, editor, 'GET', `${STUDIO}/unit?kind=activity&name=green-grant`)).json<Envelope<UnitBody>>().data;
    const stale = await call(t, editor, 'POST', `${STUDIO}/retire`, { kind: 'activity', name: 'green-grant', baseVersion: '0'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    const response = await call(t, editor, 'POST', `${STUDIO}/retire`, {
      kind: 'activity',
      name: 'green-grant',
      baseVersion: unit.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<{ action: string }>>()).toMatchObject({
      msg: '已停用：活动不再出现在申报活动列表中，也不能开始新的申报',
      data: { action: 'retire' },
    });
    const manifest = JSON.parse(await readFile(join(schemas.dir, 'activities', 'green-grant', 'manifest.json'), 'utf8')) as {
      retired?: boolean;
    };
    expect(manifest.retired).toBe(true);

    expect(await listed()).not.toContain('green-grant');
    // Never deleted: the detail still answers, for the drafts that need it.
    expect((await call(t, undefined, 'GET', `${ACTIVITIES}/green-grant`)).statusCode).toBe(200);
    const newcomer = await createLoggedInUser(t, 'late', 'applicant');
    const refused = await call(t, newcomer, 'POST', `${FORM}/firstSaveFormData`, { activityId: 'green-grant' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<unknown>>().msg).toBe('该申报活动已停用，不能开始新的申报');
    const again = await call(t, applicant, 'POST', `${FORM}/firstSaveFormData`, { activityId: 'green-grant' });
    expect(again.statusCode).toBe(200);
    const query = await call(t, applicant, 'GET', `${FORM}/query?activityId=green-grant`);
    expect(query.json<Envelope<{ data: { basic?: { projectName?: string } } }>>().data.data.basic?.projectName).toBe('屋顶光伏');

    const audit = await t.db.select({ objectId: auditLog.objectId }).from(auditLog).where(eq(auditLog.event, 'SCHEMA_RETIRED'));
    expect(audit).toEqual([{ objectId: 'activity/green-grant' }]);
    // Again: nothing to change.
    const retired = (await call(t, editor, 'GET', `${STUDIO}/unit?kind=activity&name=green-grant`)).json<Envelope<UnitBody>>().data;
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/retire`, { kind: 'activity', name: 'green-grant', baseVersion: retired.version }))
        .statusCode,
    ).toBe(400);

    await other.app.schemaSync.poll();
    expect(await listed(other)).not.toContain('green-grant');
  });
});

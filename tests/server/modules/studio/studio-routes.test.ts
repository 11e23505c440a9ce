import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages } from '../../../../src/server/db/schema';
import { call, firstSave, makeSchemasDir, saveOk, submit, uploadOk, type Envelope } from '../../helpers/activity-fixtures';
import { fetchCaptcha, postMessage, validMessage } from '../../helpers/message-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertMessage } from '../../../../src/server/modules/message/message-store';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const ACTIVITY = 'tiny-grant';

interface UnitBody {
  version: string;
  files: Record<string, string>;
}
interface ImpactBody {
  checked: number;
  failing: number;
  byStatus: { status: string; checked: number; failing: number }[];
  items: { id: string; status: string; pinned?: boolean; errors: { step?: string; path: string; message: string }[] }[];
}
interface PublicationBody {
  id: number;
  version: string;
  action: string;
  live: boolean;
  actorName?: string;
}

/** The unit's files with one step's property changed as `edit` says. */
function withProperty(
  files: Record<string, string>,
  property: string,
  edit: (schema: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  required?: string[],
): Record<string, string> {
  const schema = JSON.parse(files['basic.schema.json'] ?? '{}') as {
    properties: Record<string, Record<string, unknown> | undefined>;
    required: string[];
  };
  const next = edit(schema.properties[property]);
  if (next) schema.properties[property] = next;
  else delete schema.properties[property];
  if (required) schema.required = required;
  return { ...files, 'basic.schema.json': `${JSON.stringify(schema, null, 2)}\n` };
}

describe('the schema studio', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let otherSchemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  // Resource folders are the administrator's to weigh, publish and roll back (ADR 0041).
  let admin: TestUser;
  let applicant: TestUser;
  let submitter: TestUser;
  let draftId: string;

  const open = async () => (await call(t, editor, 'GET', `${STUDIO}/unit?kind=activity&name=${ACTIVITY}`)).json<Envelope<UnitBody>>().data;

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    // The second "process" has its own copy of the files, as another machine would: it learns of a publication from the database alone.
    otherSchemas = await makeSchemasDir([{ id: ACTIVITY }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    admin = await createLoggedInUser(t, 'admin', 'admin');
    applicant = await createLoggedInUser(t, 'draft', 'applicant');
    submitter = await createLoggedInUser(t, 'done', 'applicant');
    // A draft whose project name is 12 characters long, and a submitted application with a 4-character one.
    const draft = await firstSave(t, applicant, ACTIVITY);
    draftId = draft.id;
    await saveOk(t, applicant, {
      activityId: ACTIVITY,
      step: 'basic',
      version: draft.version,
      data: { projectName: '城市智慧照明改造示范工程', hasPartner: false },
    });
    let view = await firstSave(t, submitter, ACTIVITY);
    view = await saveOk(t, submitter, {
      activityId: ACTIVITY,
      step: 'basic',
      version: view.version,
      data: { projectName: '智能质检', budget: 20, hasPartner: false },
    });
    const license = await uploadOk(t, submitter, ACTIVITY);
    view = await saveOk(t, submitter, { activityId: ACTIVITY, step: 'files', version: view.version, data: { license: [license] } });
    expect((await submit(t, submitter, ACTIVITY, view.version)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('is closed to those without schemaStudio: 401 without a session, 403 for an applicant', async () => {
    expect((await call(t, undefined, 'GET', `${STUDIO}/units`)).statusCode).toBe(401);
    expect((await call(t, applicant, 'GET', `${STUDIO}/units`)).statusCode).toBe(403);
    expect(
      (await call(t, applicant, 'POST', `${STUDIO}/check`, { kind: 'activity', name: ACTIVITY, files: { 'manifest.json': '{}' } }))
        .statusCode,
    ).toBe(403);
    const unit = await open();
    expect(
      (
        await call(t, applicant, 'POST', `${STUDIO}/publish`, {
          kind: 'activity',
          name: ACTIVITY,
          files: unit.files,
          baseVersion: unit.version,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists the activity folders and forms, and opens one with every file', async () => {
    const list = (await call(t, editor, 'GET', `${STUDIO}/units`)).json<Envelope<{ kind: string; name: string; title: string }[]>>().data;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'activity', name: ACTIVITY, title: '小微创新券申领' }),
        expect.objectContaining({ kind: 'form', name: 'message' }),
      ]),
    );
    const unit = await open();
    expect(Object.keys(unit.files).sort()).toEqual(['basic.schema.json', 'files.schema.json', 'manifest.json']);
    expect(unit.version).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(t, editor, 'GET', `${STUDIO}/unit?kind=activity&name=no-such`)).statusCode).toBe(404);
  });

  it('checks a candidate with the words of schemas:check, and gives the preview when it is good', async () => {
    const unit = await open();
    const bad = withProperty(unit.files, 'budget', (node) => ({ ...node, maximun: 10 }));
    const problems = (await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'activity', name: ACTIVITY, files: bad })).json<
      Envelope<{ problems: { file: string; pointer: string; message: string }[] }>
    >().data.problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ file: `activities/${ACTIVITY}/basic.schema.json`, pointer: '/properties/budget/maximun' }),
    );
    expect(problems[0]?.message).toMatch(/[\u4e00-\u9fff]/);

    const notJson = (
      await call(t, editor, 'POST', `${STUDIO}/check`, {
        kind: 'activity',
        name: ACTIVITY,
        files: { ...unit.files, 'basic.schema.json': '{ "title": ' },
      })
    ).json<Envelope<{ problems: { file: string; message: string }[] }>>().data.problems;
    expect(notJson[0]).toMatchObject({ file: `activities/${ACTIVITY}/basic.schema.json` });
    expect(notJson[0]?.message).toContain('不是合法的 JSON');

    // An upload limit up to the vocabulary's ceiling checks: the attachment route holds each file to its live field (issue 32).
    const bigger = {
      ...unit.files,
      'files.schema.json': (unit.files['files.schema.json'] ?? '').replace('"maxSize": 5242880', `"maxSize": ${t.app.uploadLimit}`),
    };
    const bigEnough = (await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'activity', name: ACTIVITY, files: bigger })).json<
      Envelope<{ problems: { file: string; message: string }[] }>
    >().data.problems;
    expect(bigEnough).toEqual([]);

    // A dictionary no dicts/<code>.json defines: schemas:check's words, and no publication.
    const noDict = withProperty(unit.files, 'field', () => ({ type: 'string', title: '技术领域', 'x-dict': 'no_such_dict' }));
    const dictProblems = (await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'activity', name: ACTIVITY, files: noDict })).json<
      Envelope<{ problems: { file: string; pointer: string; message: string }[] }>
    >().data.problems;
    expect(dictProblems).toEqual([
      {
        file: `activities/${ACTIVITY}/basic.schema.json`,
        pointer: '/properties/field/x-dict',
        message: 'x-dict 引用的字典 "no_such_dict" 不存在（应有 dicts/no_such_dict.json）',
      },
    ]);
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/publish`, { kind: 'activity', name: ACTIVITY, files: noDict, baseVersion: unit.version }))
        .statusCode,
    ).toBe(400);

    const good = withProperty(unit.files, 'projectName', (node) => ({ ...node, maxLength: 10 }));
    const result = (await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'activity', name: ACTIVITY, files: good })).json<
      Envelope<{
        problems: unknown[];
        preview: { steps: { key: string; schema: { properties: Record<string, { maxLength?: number }> } }[] };
      }>
    >().data;
    expect(result.problems).toEqual([]);
    expect(result.preview.steps[0]?.schema.properties['projectName']?.maxLength).toBe(10);
  });

  it('refuses a file name outside the folder, and a body over its limits, with a 400', async () => {
    const unit = await open();
    expect(
      (
        await call(t, editor, 'POST', `${STUDIO}/check`, {
          kind: 'activity',
          name: ACTIVITY,
          files: { ...unit.files, '../evil.json': '{}' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'activity', name: '../x', files: unit.files })).statusCode).toBe(400);
  });

  it('reports the stored applications a change breaks: a tightened length, a new required field, a removed property', async () => {
    const unit = await open();
    const impact = async (files: Record<string, string>) => {
      const response = await call(t, editor, 'POST', `${STUDIO}/impact`, { kind: 'activity', name: ACTIVITY, files });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<ImpactBody>>().data;
    };

    const tightened = await impact(withProperty(unit.files, 'projectName', (node) => ({ ...node, maxLength: 10 })));
    expect(tightened).toMatchObject({ checked: 2, failing: 1 });
    expect(tightened.items).toEqual([
      expect.objectContaining({
        id: draftId,
        status: 'draft',
        pinned: true,
        errors: [expect.objectContaining({ step: 'basic', path: 'projectName', message: expect.stringContaining('10') })],
      }),
    ]);
    expect(tightened.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'draft', checked: 1, failing: 1 },
        { status: 'submitted', checked: 1, failing: 0 },
      ]),
    );

    const required = await impact(
      withProperty(unit.files, 'contact', () => ({ type: 'string', title: '联系人', maxLength: 20 }), [
        'projectName',
        'hasPartner',
        'contact',
      ]),
    );
    expect(required.failing).toBe(2);
    expect(required.items.flatMap((item) => item.errors.map((error) => error.path))).toEqual(['contact', 'contact']);

    const removed = await impact(withProperty(unit.files, 'budget', () => undefined));
    // Only the submitted application has a budget; the draft is not touched by the change.
    expect(removed.items.map((item) => item.status)).toEqual(['submitted']);

    const unchanged = await impact(unit.files);
    expect(unchanged).toMatchObject({ checked: 2, failing: 0, items: [] });
  });

  it('publishes: versioned and audited, live at once here and in the other process after its poll, drafts pinned to their version', async () => {
    const unit = await open();
    const files = withProperty(unit.files, 'projectName', (node) => ({ ...node, maxLength: 10 }));
    const response = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'activity',
      name: ACTIVITY,
      files,
      baseVersion: unit.version,
      note: '项目名称不超过 10 个字',
    });
    expect(response.statusCode).toBe(200);
    const published = response.json<Envelope<PublicationBody>>().data;
    expect(published).toMatchObject({ action: 'publish', live: true, actorName: '测试用户editor' });

    // The files are written, so git and the next start see what is live.
    expect(await readFile(join(schemas.dir, 'activities', ACTIVITY, 'basic.schema.json'), 'utf8')).toBe(files['basic.schema.json']);
    // A new applicant meets the new rule here at once…
    const fresh = await createLoggedInUser(t, 'fresh', 'applicant');
    const view = await firstSave(t, fresh, ACTIVITY);
    const long = await call(t, fresh, 'POST', '/api/sys/form/data/validateFormData', {
      activityId: ACTIVITY,
      step: 'basic',
      data: { projectName: '城市智慧照明改造示范工程', hasPartner: false },
    });
    expect(long.json<Envelope<{ valid: boolean; errors: { path: string }[] }>>().data).toMatchObject({
      valid: false,
      errors: [expect.objectContaining({ path: 'projectName' })],
    });
    expect(
      await saveOk(t, fresh, {
        activityId: ACTIVITY,
        step: 'basic',
        version: view.version,
        data: { projectName: '短名称项目', hasPartner: false },
      }),
    ).toMatchObject({ schemaVersion: published.version });

    // …and in the other process once it has polled, from the database alone (its files are untouched).
    const before = (await call(other, undefined, 'GET', `/api/schemas/activities/${ACTIVITY}`)).json<Envelope<{ version: string }>>().data
      .version;
    expect(before).toBe(unit.version);
    expect(await other.app.schemaSync.poll()).toBe(1);
    const after = (await call(other, undefined, 'GET', `/api/schemas/activities/${ACTIVITY}`)).json<
      Envelope<{ version: string; steps: { schema: { properties: Record<string, { maxLength?: number }> } }[] }>
    >().data;
    expect(after.version).toBe(published.version);
    expect(after.steps[0]?.schema.properties['projectName']?.maxLength).toBe(10);

    // The draft started before keeps its version: its long name still saves, and the form is served at that version.
    const draft = (await call(t, applicant, 'GET', `/api/sys/form/data/query?activityId=${ACTIVITY}`)).json<
      Envelope<{ version: number; schemaVersion: string }>
    >().data;
    expect(draft.schemaVersion).toBe(unit.version);
    const saved = await saveOk(t, applicant, {
      activityId: ACTIVITY,
      step: 'basic',
      version: draft.version,
      data: { projectName: '城市智慧照明改造示范工程二期', hasPartner: false },
    });
    expect(saved).toMatchObject({ schemaVersion: unit.version });
    // The other process has never compiled the old version: it loads it from the publications.
    const pinned = (await call(other, undefined, 'GET', `/api/schemas/activities/${ACTIVITY}?version=${unit.version}`)).json<
      Envelope<{ version: string }>
    >().data;
    expect(pinned.version).toBe(unit.version);

    // Versions: the files' version before the first publication is kept as the baseline.
    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=activity&name=${ACTIVITY}`)).json<Envelope<PublicationBody[]>>()
      .data;
    expect(versions.map((entry) => [entry.action, entry.live])).toEqual([
      ['publish', true],
      ['baseline', false],
    ]);
    // The audit log names the publication.
    const audit = await t.db
      .select({ event: auditLog.event, objectId: auditLog.objectId, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.event, 'SCHEMA_PUBLISHED'));
    expect(audit).toEqual([{ event: 'SCHEMA_PUBLISHED', objectId: `activity/${ACTIVITY}`, userId: editor.id }]);
  });

  it('refuses a publication based on a version that is no longer live (409), an unchanged one and a bad one (400)', async () => {
    const unit = await open();
    const stale = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'activity',
      name: ACTIVITY,
      files: withProperty(unit.files, 'budget', (node) => ({ ...node, maximum: 900 })),
      baseVersion: 'a'.repeat(64),
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (
        await call(t, editor, 'POST', `${STUDIO}/publish`, {
          kind: 'activity',
          name: ACTIVITY,
          files: unit.files,
          baseVersion: unit.version,
        })
      ).statusCode,
    ).toBe(400);
    const bad = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'activity',
      name: ACTIVITY,
      files: withProperty(unit.files, 'budget', (node) => ({ ...node, maximun: 1 })),
      baseVersion: unit.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { problems: { pointer: string }[] } }>().data.problems[0]?.pointer).toBe('/properties/budget/maximun');
    // The other process has not polled the first publication's successor yet; a publication from it based on its stale view is refused too.
    expect(
      (
        await call(other, editor, 'POST', `${STUDIO}/publish`, {
          kind: 'activity',
          name: ACTIVITY,
          files: unit.files,
          baseVersion: 'b'.repeat(64),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('rolls back to an earlier version in one action, in every process', async () => {
    const unit = await open();
    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=activity&name=${ACTIVITY}`)).json<Envelope<PublicationBody[]>>()
      .data;
    const baseline = versions.find((entry) => entry.action === 'baseline');
    const response = await call(t, editor, 'POST', `${STUDIO}/rollback`, {
      kind: 'activity',
      name: ACTIVITY,
      publicationId: baseline?.id,
      baseVersion: unit.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<PublicationBody>>().data).toMatchObject({ action: 'rollback', version: baseline?.version });
    expect((await open()).version).toBe(baseline?.version);
    await other.app.schemaSync.poll();
    expect(
      (await call(other, undefined, 'GET', `/api/schemas/activities/${ACTIVITY}`)).json<Envelope<{ version: string }>>().data.version,
    ).toBe(baseline?.version);
    expect(await t.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.event, 'SCHEMA_ROLLED_BACK'))).toHaveLength(1);
    expect(
      (
        await call(t, editor, 'POST', `${STUDIO}/rollback`, {
          kind: 'activity',
          name: 'other-activity',
          publicationId: baseline?.id,
          baseVersion: unit.version,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('moves open drafts to the new version when the publisher says so', async () => {
    const unit = await open();
    const files = withProperty(unit.files, 'budget', (node) => ({ ...node, maximum: 800 }));
    const published = (
      await call(t, editor, 'POST', `${STUDIO}/publish`, {
        kind: 'activity',
        name: ACTIVITY,
        files,
        baseVersion: unit.version,
        drafts: 'move',
      })
    ).json<Envelope<PublicationBody>>().data;
    const draft = (await call(t, applicant, 'GET', `/api/sys/form/data/query?activityId=${ACTIVITY}`)).json<
      Envelope<{ schemaVersion: string }>
    >().data;
    expect(draft.schemaVersion).toBe(published.version);
  });

  it('checks, previews and weighs a resource folder with its list files', async () => {
    const list = (await call(t, admin, 'GET', `${STUDIO}/units`)).json<Envelope<{ kind: string; name: string; path: string }[]>>().data;
    expect(list).toContainEqual(expect.objectContaining({ kind: 'resource', name: 'showcase', path: 'resources/showcase' }));
    const unit = (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<UnitBody & { live: boolean }>>()
      .data;
    expect(unit.live).toBe(true);
    expect(Object.keys(unit.files)).toEqual(expect.arrayContaining(['resource.json', 'record.schema.json', 'lists/all.list.json']));
    const good = (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name: 'showcase', files: unit.files })).json<
      Envelope<{ problems: unknown[]; preview: { record: { properties: Record<string, unknown> }; lists: Record<string, unknown> } }>
    >().data;
    expect(good.problems).toEqual([]);
    expect(Object.keys(good.preview.record.properties).length).toBeGreaterThan(0);
    expect(Object.keys(good.preview.lists)).toEqual(expect.arrayContaining(['all', 'published']));
    const bad = (
      await call(t, admin, 'POST', `${STUDIO}/check`, {
        kind: 'resource',
        name: 'showcase',
        files: { ...unit.files, 'lists/all.list.json': '{"title": 1}' },
      })
    ).json<Envelope<{ problems: { file: string }[] }>>().data;
    expect(bad.problems[0]?.file).toBe('resources/showcase/lists/all.list.json');
    expect(
      (await call(t, admin, 'POST', `${STUDIO}/impact`, { kind: 'resource', name: 'showcase', files: unit.files })).json<
        Envelope<ImpactBody>
      >().data,
    ).toMatchObject({ checked: 0, failing: 0 });
    expect(
      (
        await call(t, admin, 'POST', `${STUDIO}/publish`, {
          kind: 'resource',
          name: 'showcase',
          files: unit.files,
          baseVersion: unit.version,
        })
      ).json<{ msg: string }>().msg,
    ).toBe('内容与线上版本相同，无需发布');
  });

  it('refuses, where it was made, a resource change the running routes were not built for', async () => {
    const unit = (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<UnitBody>>().data;
    const problemsOf = async (files: Record<string, string>) =>
      (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name: 'showcase', files })).json<
        Envelope<{ problems: { file: string; pointer: string; message: string }[] }>
      >().data.problems;
    const resource = JSON.parse(unit.files['resource.json'] ?? '{}') as Record<string, unknown>;
    const record = JSON.parse(unit.files['record.schema.json'] ?? '{}') as { properties: Record<string, Record<string, unknown>> };
    record.properties['title'] = { ...record.properties['title'], 'x-unique': true };
    const all = JSON.parse(unit.files['lists/all.list.json'] ?? '{}') as { filters: { field: string }[] };

    // A new list is live (ADR 0042), and so is one with an export (ADR 0049).
    expect(await problemsOf({ ...unit.files, 'lists/latest.list.json': unit.files['lists/all.list.json'] ?? '' })).toEqual([]);
    expect(
      await problemsOf({
        ...unit.files,
        'lists/latest.list.json': JSON.stringify({ ...JSON.parse(unit.files['lists/all.list.json'] ?? '{}'), export: true }),
      }),
    ).toEqual([]);
    expect(await problemsOf({ ...unit.files, 'resource.json': JSON.stringify({ ...resource, permission: 'article' }) })).toEqual([
      expect.objectContaining({
        file: 'resources/showcase/resource.json',
        pointer: '/permission',
        message: expect.stringContaining('重启门户'),
      }),
    ]);
    // x-unique is live (ADR 0045): the publication checks the stored records, not the studio's check.
    expect(await problemsOf({ ...unit.files, 'record.schema.json': JSON.stringify(record) })).toEqual([]);
    // A list's filters are checked live (ADR 0042), and its summary is served live (ADR 0049).
    expect(await problemsOf({ ...unit.files, 'lists/all.list.json': JSON.stringify({ ...all, filters: all.filters.slice(1) }) })).toEqual(
      [],
    );
    expect(
      await problemsOf({ ...unit.files, 'lists/all.list.json': JSON.stringify({ ...all, summary: { field: 'category', by: 'value' } }) }),
    ).toEqual([]);
    const refused = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'showcase',
      files: { ...unit.files, 'resource.json': JSON.stringify({ ...resource, permission: 'article' }) },
      baseVersion: unit.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(t.app.resources.get('showcase')?.resource.permission).toBe('showcase');
  });

  it("publishes a resource folder's record form and list live, in every process, and rolls it back", async () => {
    const item = {
      title: '新型储能材料中试成果',
      category: 'achievement',
      org: '江城新材料研究院有限公司',
      publishDate: '2026-11-20',
      summary: '面向电网侧储能的固态电解质材料完成中试，循环寿命提升显著。',
    };
    expect((await call(t, admin, 'POST', '/api/resources/showcase/create', item)).statusCode).toBe(200);
    const unit = (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<UnitBody>>().data;
    const record = JSON.parse(unit.files['record.schema.json'] ?? '{}') as { properties: Record<string, Record<string, unknown>> };
    record.properties['org'] = { ...record.properties['org'], maxLength: 8 };
    const resource = JSON.parse(unit.files['resource.json'] ?? '{}') as Record<string, unknown>;
    const all = JSON.parse(unit.files['lists/all.list.json'] ?? '{}') as { columns: { field: string }[] };
    const files = {
      ...unit.files,
      'resource.json': JSON.stringify({ ...resource, title: '成果展示栏目' }, null, 2),
      'record.schema.json': JSON.stringify(record, null, 2),
      'lists/all.list.json': JSON.stringify({ ...all, columns: [...all.columns, { field: 'org' }] }, null, 2),
    };
    expect(
      (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name: 'showcase', files })).json<
        Envelope<{ problems: unknown[] }>
      >().data.problems,
    ).toEqual([]);
    const report = (await call(t, admin, 'POST', `${STUDIO}/impact`, { kind: 'resource', name: 'showcase', files })).json<
      Envelope<ImpactBody>
    >().data;
    expect(report).toMatchObject({
      checked: 1,
      failing: 1,
      items: [expect.objectContaining({ status: 'draft', errors: [expect.objectContaining({ path: 'org' })] })],
    });

    const published = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'showcase',
      files,
      baseVersion: unit.version,
    });
    expect(published.statusCode).toBe(200);
    // This process: the new rule, the new column and the new title, without a restart.
    const refused = await call(t, admin, 'POST', '/api/resources/showcase/create', item);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string }[] }>().errors).toEqual([expect.objectContaining({ path: 'org' })]);
    expect((await call(t, admin, 'POST', '/api/resources/showcase/create', { ...item, org: '江城新材料院' })).statusCode).toBe(200);
    const definition = (await call(t, undefined, 'GET', '/api/resources/showcase/definition')).json<
      Envelope<{ title: string; lists: Record<string, { columns: { field: string }[] }> }>
    >().data;
    expect(definition.title).toBe('成果展示栏目');
    expect(definition.lists['all']?.columns.map((column) => column.field)).toContain('org');
    expect(await readFile(join(schemas.dir, 'resources', 'showcase', 'lists', 'all.list.json'), 'utf8')).toBe(files['lists/all.list.json']);
    // The other process, from the database alone.
    expect((await call(other, admin, 'POST', '/api/resources/showcase/create', item)).statusCode).toBe(200);
    await other.app.schemaSync.poll();
    expect(other.app.resources.get('showcase')?.resource.title).toBe('成果展示栏目');
    expect((await call(other, admin, 'POST', '/api/resources/showcase/create', item)).statusCode).toBe(400);

    const versions = (await call(t, admin, 'GET', `${STUDIO}/versions?kind=resource&name=showcase`)).json<Envelope<PublicationBody[]>>()
      .data;
    expect(versions.map((version) => [version.action, version.live])).toEqual([
      ['publish', true],
      ['baseline', false],
    ]);
    const current = (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<UnitBody>>().data;
    const baseline = versions[1]?.id;
    expect(
      (
        await call(t, admin, 'POST', `${STUDIO}/rollback`, {
          kind: 'resource',
          name: 'showcase',
          publicationId: baseline,
          baseVersion: current.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, admin, 'POST', '/api/resources/showcase/create', item)).statusCode).toBe(200);
    expect((await call(t, undefined, 'GET', '/api/resources/showcase/definition')).json<Envelope<{ title: string }>>().data.title).toBe(
      '成果展示',
    );
  });

  it('weighs a form against its stored messages, and publishes it live', async () => {
    const { code: _code, ...stored } = validMessage({ theme: '关于技术合作与成果转化的咨询' });
    const form = t.app.schemaRegistry.require('message');
    const id = await insertMessage(t.db, applicant.id, form, stored);
    const unit = (await call(t, editor, 'GET', `${STUDIO}/unit?kind=form&name=message`)).json<Envelope<UnitBody>>().data;
    const schema = JSON.parse(unit.files['message.schema.json'] ?? '{}') as { properties: Record<string, Record<string, unknown>> };
    schema.properties['theme'] = { ...schema.properties['theme'], maxLength: 8 };
    const files = { 'message.schema.json': JSON.stringify(schema, null, 2) };
    const report = (await call(t, editor, 'POST', `${STUDIO}/impact`, { kind: 'form', name: 'message', files })).json<
      Envelope<ImpactBody>
    >().data;
    expect(report).toMatchObject({
      checked: 1,
      failing: 1,
      items: [expect.objectContaining({ id, status: 'submitted', errors: [expect.objectContaining({ path: 'theme' })] })],
    });
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/publish`, { kind: 'form', name: 'message', files, baseVersion: unit.version })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, undefined, 'GET', '/api/schemas/forms/message')).json<
        Envelope<{ properties: Record<string, { maxLength?: number }> }>
      >().data.properties['theme']?.maxLength,
    ).toBe(8);
    // A message written now is stored with the version it was checked against.
    await fetchCaptcha(t, applicant);
    const written = (await postMessage(t, applicant, validMessage({ theme: '技术合作咨询' }))).json<Envelope<{ id: string }>>().data;
    const [row] = await t.db.select({ schemaVersion: messages.schemaVersion }).from(messages).where(eq(messages.id, written.id));
    expect(row?.schemaVersion).toBe(t.app.schemaRegistry.require('message').version);
    // A field the next publication adds is stored and listed in 我的留言 at once.
    const current = (await call(t, editor, 'GET', `${STUDIO}/unit?kind=form&name=message`)).json<Envelope<UnitBody>>().data;
    const withField = JSON.parse(current.files['message.schema.json'] ?? '{}') as { properties: Record<string, Record<string, unknown>> };
    withField.properties['company'] = { type: 'string', title: '所在单位', maxLength: 60 };
    expect(
      (
        await call(t, editor, 'POST', `${STUDIO}/publish`, {
          kind: 'form',
          name: 'message',
          files: { 'message.schema.json': JSON.stringify(withField, null, 2) },
          baseVersion: current.version,
        })
      ).statusCode,
    ).toBe(200);
    await fetchCaptcha(t, applicant);
    expect((await postMessage(t, applicant, validMessage({ theme: '成果转化咨询', company: '江城新材料研究院' }))).statusCode).toBe(200);
    const mine = (await call(t, applicant, 'POST', '/api/sys/person/message/queryMyMessageList', {})).json<
      Envelope<{ records: Record<string, unknown>[] }>
    >().data.records;
    expect(mine).toContainEqual(expect.objectContaining({ theme: '成果转化咨询', company: '江城新材料研究院' }));
    await other.app.schemaSync.poll();
    expect(other.app.schemaRegistry.require('message').schema.properties?.['theme']?.maxLength).toBe(8);
  });
});

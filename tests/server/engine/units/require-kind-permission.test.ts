import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schemaPublications } from '../../../../src/server/db/schema';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * Who may author what (issue 32, ADR 0041): the content editor publishes activity folders, forms, the
 * navigation and dashboards; only the administrator weighs, publishes and rolls back a resource folder
 * (a record type with its workflow, permissions and integrity rules, such as credit).
 */
const STUDIO = '/api/studio';
const ACTIVITY = 'tiny-grant';
const CREDIT = { kind: 'resource', name: 'credit' } as const;

interface UnitBody {
  version: string;
  files: Record<string, string>;
  canPublish: boolean;
}
interface Summary {
  kind: string;
  name: string;
  canPublish: boolean;
}

/** A JSON file of the unit with `edit` applied to its parsed value. */
function editJson(files: Record<string, string>, file: string, edit: (value: Record<string, unknown>) => void): Record<string, string> {
  const value = JSON.parse(files[file] ?? '{}') as Record<string, unknown>;
  edit(value);
  return { ...files, [file]: `${JSON.stringify(value, null, 2)}\n` };
}

/** The credit record's facts (失信事实) no longer required: the change an editor must not be able to make. */
const factsOptional = (files: Record<string, string>) =>
  editJson(files, 'record.schema.json', (schema) => {
    schema['required'] = (schema['required'] as string[]).filter((field) => field !== 'facts');
  });

describe('who may author what in the schema studio (ADR 0041)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let editor: TestUser;
  let admin: TestUser;

  const open = async (user: TestUser, kind: string, name: string) =>
    (await call(t, user, 'GET', `${STUDIO}/unit?kind=${kind}&name=${name}`)).json<Envelope<UnitBody>>().data;
  const creditRequired = async () =>
    (JSON.parse((await open(admin, 'resource', 'credit')).files['record.schema.json'] ?? '{}') as { required: string[] }).required;
  const auditOf = (event: string, objectId: string) =>
    t.db
      .select({
        action: auditLog.action,
        result: auditLog.result,
        reason: auditLog.reason,
        userId: auditLog.userId,
        objectType: auditLog.objectType,
      })
      .from(auditLog)
      .where(and(eq(auditLog.event, event), eq(auditLog.objectId, objectId)))
      .orderBy(desc(auditLog.id));

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    admin = await createLoggedInUser(t, 'admin', 'admin');
  });

  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('tells each caller which units they may publish: the editor every kind but resource folders, the administrator all', async () => {
    const flags = async (user: TestUser) => {
      const units = (await call(t, user, 'GET', `${STUDIO}/units`)).json<Envelope<Summary[]>>().data;
      return Object.fromEntries(
        ['activity', 'form', 'resource', 'site', 'dashboard'].map((kind) => [
          kind,
          units.filter((unit) => unit.kind === kind).map((unit) => unit.canPublish),
        ]),
      );
    };
    const ofEditor = await flags(editor);
    for (const kind of ['activity', 'form', 'site', 'dashboard']) {
      expect(ofEditor[kind]?.length, kind).toBeGreaterThan(0);
      expect(new Set(ofEditor[kind]), kind).toEqual(new Set([true]));
    }
    expect(ofEditor['resource']?.length).toBeGreaterThan(0);
    expect(new Set(ofEditor['resource'])).toEqual(new Set([false]));
    expect(new Set(Object.values(await flags(admin)).flat())).toEqual(new Set([true]));
    // The opened unit says it too: the editor may read a resource folder, not publish it.
    expect((await open(editor, 'resource', 'credit')).canPublish).toBe(false);
    expect((await open(editor, 'activity', ACTIVITY)).canPublish).toBe(true);
    expect((await open(admin, 'resource', 'credit')).canPublish).toBe(true);
  });

  it("lets the editor publish an activity and a form, each publication audited with its kind's permission", async () => {
    const activity = await open(editor, 'activity', ACTIVITY);
    const activityFiles = editJson(activity.files, 'basic.schema.json', (schema) => {
      const properties = schema['properties'] as Record<string, Record<string, unknown>>;
      properties['projectName'] = { ...properties['projectName'], maxLength: 30 };
    });
    const published = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'activity',
      name: ACTIVITY,
      files: activityFiles,
      baseVersion: activity.version,
    });
    expect(published.statusCode, published.body).toBe(200);

    const form = await open(editor, 'form', 'message');
    const formFiles = editJson(form.files, 'message.schema.json', (schema) => {
      const properties = schema['properties'] as Record<string, Record<string, unknown>>;
      properties['theme'] = { ...properties['theme'], maxLength: 40 };
    });
    expect((await call(t, editor, 'POST', `${STUDIO}/impact`, { kind: 'form', name: 'message', files: formFiles })).statusCode).toBe(200);
    const formPublished = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'form',
      name: 'message',
      files: formFiles,
      baseVersion: form.version,
    });
    expect(formPublished.statusCode, formPublished.body).toBe(200);

    expect(await auditOf('SCHEMA_PUBLISHED', `activity/${ACTIVITY}`)).toEqual([
      { action: 'schemaStudioActivity.update', result: 'success', reason: expect.any(String), userId: editor.id, objectType: 'schema' },
    ]);
    expect((await auditOf('SCHEMA_PUBLISHED', 'form/message'))[0]).toMatchObject({ action: 'schemaStudioForm.update', userId: editor.id });
  });

  it("refuses the editor a resource folder: making a credit record's facts optional is a 403 naming the kind, audited, and nothing changes", async () => {
    const unit = await open(editor, 'resource', 'credit');
    const files = factsOptional(unit.files);
    // Checking a candidate reads no stored record: the editor may still see what is wrong with a text.
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/check`, { ...CREDIT, files })).json<Envelope<{ problems: unknown[] }>>().data.problems,
    ).toEqual([]);

    const refused = await call(t, editor, 'POST', `${STUDIO}/publish`, { ...CREDIT, files, baseVersion: unit.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ msg: string }>().msg).toContain('资源文件夹');
    const inEnglish = await call(
      t,
      editor,
      'POST',
      `${STUDIO}/publish`,
      { ...CREDIT, files, baseVersion: unit.version },
      { 'accept-language': 'en-US' },
    );
    expect(inEnglish.statusCode).toBe(403);
    expect(inEnglish.json<{ msg: string }>().msg).toContain('resource folders');
    // The impact report reads the stored credit records: the kind's authors only.
    expect((await call(t, editor, 'POST', `${STUDIO}/impact`, { ...CREDIT, files })).statusCode).toBe(403);

    expect(await creditRequired()).toContain('facts');
    expect(await t.db.select({ id: schemaPublications.id }).from(schemaPublications).where(eq(schemaPublications.name, 'credit'))).toEqual(
      [],
    );
    const denied = await auditOf('ACCESS_DENIED', 'resource/credit');
    expect(denied).toHaveLength(3);
    expect(denied[0]).toEqual({
      action: 'schemaStudioResource.update',
      result: 'failure',
      reason: 'studioForbiddenResource',
      userId: editor.id,
      objectType: 'schema',
    });
  });

  it('lets the administrator publish it, and refuses the editor its rollback (even of an unknown publication) while the administrator may', async () => {
    const unit = await open(admin, 'resource', 'credit');
    const published = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      ...CREDIT,
      files: factsOptional(unit.files),
      baseVersion: unit.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await creditRequired()).not.toContain('facts');
    expect((await auditOf('SCHEMA_PUBLISHED', 'resource/credit'))[0]).toMatchObject({
      action: 'schemaStudioResource.update',
      userId: admin.id,
    });

    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=resource&name=credit`)).json<
      Envelope<{ id: number; action: string }[]>
    >().data;
    const baseline = versions.find((entry) => entry.action === 'baseline');
    expect(baseline).toBeDefined();
    const current = await open(editor, 'resource', 'credit');
    const deniedBefore = (await auditOf('ACCESS_DENIED', 'resource/credit')).length;
    const refused = await call(t, editor, 'POST', `${STUDIO}/rollback`, {
      ...CREDIT,
      publicationId: baseline?.id,
      baseVersion: current.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ msg: string }>().msg).toContain('资源文件夹');
    // Refused before the publication is looked up: an unknown id tells the editor nothing either.
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/rollback`, { ...CREDIT, publicationId: 999_999, baseVersion: current.version })).statusCode,
    ).toBe(403);
    expect(await auditOf('ACCESS_DENIED', 'resource/credit')).toHaveLength(deniedBefore + 2);
    expect(await creditRequired()).not.toContain('facts');

    const rolledBack = await call(t, admin, 'POST', `${STUDIO}/rollback`, {
      ...CREDIT,
      publicationId: baseline?.id,
      baseVersion: current.version,
    });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(await creditRequired()).toContain('facts');
    expect(await auditOf('SCHEMA_ROLLED_BACK', 'resource/credit')).toEqual([
      { action: 'schemaStudioResource.update', result: 'success', reason: expect.any(String), userId: admin.id, objectType: 'schema' },
    ]);
  });
});

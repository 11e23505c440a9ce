import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles, schemaPublications } from '../../../../src/server/db/schema';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * POST /api/studio/retire for a form and a dictionary (issue 32 item 2, ADR 0055): a publication of the
 * live file with its retired mark, with the kind's permission, audited SCHEMA_RETIRED, seen by another
 * process (a dictionary at commit, a form at its poll), undone by publishing without the mark.
 */
const STUDIO = '/api/studio';
const MATCH = '/api/sys/api/pub/selfEvaluationQuery';
const ANSWERS = {
  district: 'dh',
  techField: '01',
  foundedYears: 6,
  employees: 120,
  revenue: 8000,
  rdRatio: 4.2,
  rdStaffRatio: 18,
  inventionPatents: 2,
  techContracts: 150,
  isHighTech: false,
  isTechSme: true,
};

interface UnitBody {
  version: string;
  files: Record<string, string>;
  retired?: true;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}
type Json = Record<string, unknown>;

describe('retiring a form or a dictionary from the studio (ADR 0055)', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  let formsOnly: TestUser;
  let applicant: TestUser;

  const open = async (kind: string, name: string, app: TestApp = t) =>
    (await call(app, editor, 'GET', `${STUDIO}/unit?kind=${kind}&name=${name}`)).json<Envelope<UnitBody>>().data;
  const retire = async (kind: string, name: string, user: TestUser = editor) =>
    call(t, user, 'POST', `${STUDIO}/retire`, { kind, name, baseVersion: (await open(kind, name)).version });
  const match = (app: TestApp) => app.app.inject({ method: 'POST', url: MATCH, payload: ANSWERS });
  const summary = async (kind: string, name: string) =>
    (await call(t, editor, 'GET', `${STUDIO}/units`))
      .json<Envelope<{ kind: string; name: string; retired?: true }[]>>()
      .data.find((unit) => unit.kind === kind && unit.name === name);
  const retiredAudit = (objectId: string) =>
    t.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'SCHEMA_RETIRED'), eq(auditLog.objectId, objectId)));

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t, schemaSyncMs: 0 });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    applicant = await createLoggedInUser(t, 'applicant', 'applicant');
    // A role of the site's own that designs forms but not dictionaries (ADR 0041: the grain is the kind).
    await t.db.insert(roles).values({ id: 'forms_only', name: '表单编辑', nameEn: 'Form editor' });
    await t.db.insert(rolePermissions).values([
      { roleId: 'forms_only', permissionId: 'schemaStudio', actions: ['update', 'query', 'get'] },
      { roleId: 'forms_only', permissionId: 'schemaStudioForm', actions: ['update'] },
    ]);
    formsOnly = await createLoggedInUser(t, 'formsonly', 'forms_only');
  }, 120_000);

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('is closed to a caller without schemaStudio.update (403) and to a role without the kind’s permission (403, audited)', async () => {
    expect((await retire('form', 'self-test', applicant)).statusCode).toBe(403);
    const refused = await retire('dictionary', 'tech_maturity', formsOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().msg).toBe('没有足够的权限：你的角色不能在表单设计中新建、发布或回滚字典，请联系系统管理员');
    const denied = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'ACCESS_DENIED'), eq(auditLog.objectId, 'dictionary/tech_maturity')));
    expect(denied).toEqual([{ action: 'schemaStudioDictionary.update' }]);
    expect(await summary('dictionary', 'tech_maturity')).not.toHaveProperty('retired');
  });

  it('answers 404 for a unit that is not live, 409 on a stale version, and 400 naming the route for the message board form', async () => {
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/retire`, { kind: 'form', name: 'no-such-form', baseVersion: '0'.repeat(64) })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, editor, 'POST', `${STUDIO}/retire`, { kind: 'form', name: 'self-test', baseVersion: '0'.repeat(64) })).statusCode,
    ).toBe(409);
    const builtIn = await retire('form', 'message');
    expect(builtIn.statusCode).toBe(400);
    // The 停用 button has no editor to show problems on: the message says why.
    expect(builtIn.json<Envelope<null>>().msg).toBe(
      '不能停用：表单 "message" 是门户自身的接口 POST /api/sys/person/message/create 提交所用的表单，不能停用（停用后这个接口将一直拒绝提交）',
    );
    expect(builtIn.json<Envelope<{ problems: Problem[] }>>().data.problems).toEqual([
      expect.objectContaining({ file: 'forms/message.schema.json', pointer: '/x-retired' }),
    ]);
    expect(await summary('form', 'message')).not.toHaveProperty('retired');
  });

  it('retires a form: x-retired written, versioned and audited; this process refuses its submission at once, the other after its poll', async () => {
    const response = await retire('form', 'self-test', formsOnly);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<{ action: string }>>()).toMatchObject({
      msg: '已停用：该表单不能再提交，也不能被新的问卷引用；已提交的内容仍可查看',
      data: { action: 'retire' },
    });
    const unit = await open('form', 'self-test');
    expect(unit.retired).toBe(true);
    expect(JSON.parse(unit.files['self-test.schema.json'] ?? '{}')).toMatchObject({ 'x-retired': true });
    expect(await summary('form', 'self-test')).toMatchObject({ retired: true });
    expect(await retiredAudit('form/self-test')).toEqual([{ action: 'schemaStudioForm.update', userId: formsOnly.id }]);
    const rows = await t.db
      .select({ action: schemaPublications.action })
      .from(schemaPublications)
      .where(and(eq(schemaPublications.kind, 'form'), eq(schemaPublications.name, 'self-test')));
    expect(rows.map((row) => row.action)).toEqual(['baseline', 'retire']);

    expect((await match(t)).statusCode).toBe(403);
    expect((await match(other)).statusCode).toBe(200);
    await other.app.schemaSync.poll();
    expect((await match(other)).statusCode).toBe(403);
    // Retiring it again changes nothing: 400, as any publication of the live text.
    expect((await retire('form', 'self-test')).statusCode).toBe(400);
  });

  it('retires a dictionary: the other process refuses a new field naming it at once; the fields that name it are untouched', async () => {
    const response = await retire('dictionary', 'tech_maturity');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<null>>().msg).toBe('已停用：新的字段不能再引用这个字典；已经引用它的字段照常使用');
    expect(JSON.parse((await open('dictionary', 'tech_maturity')).files['tech_maturity.json'] ?? '{}')).toMatchObject({ retired: true });
    expect(await retiredAudit('dictionary/tech_maturity')).toEqual([{ action: 'schemaStudioDictionary.update', userId: editor.id }]);

    const message = await open('form', 'message', other);
    const form = JSON.parse(message.files['message.schema.json'] ?? '{}') as { properties: Json };
    form.properties['maturity'] = { type: 'string', title: '成熟度', 'x-dict': 'tech_maturity' };
    const check = await call(other, editor, 'POST', `${STUDIO}/check`, {
      kind: 'form',
      name: 'message',
      files: { 'message.schema.json': JSON.stringify(form) },
    });
    expect(check.json<Envelope<{ problems: Problem[] }>>().data.problems).toEqual([
      expect.objectContaining({ pointer: '/properties/maturity/x-dict', message: expect.stringMatching(/^字典 "tech_maturity" 已停用/) }),
    ]);
    // The record types that name it serve it as before.
    const items = (await call(other, undefined, 'GET', '/api/sys/biz/queryDictByCode?code=tech_maturity')).json<Envelope<Json[]>>().data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((item) => item['retired'] === true)).toEqual([]);
  });

  it('brings both back by publishing without the mark', async () => {
    const unit = await open('form', 'self-test');
    const { 'x-retired': _gone, ...form } = JSON.parse(unit.files['self-test.schema.json'] ?? '{}') as Json;
    const back = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'form',
      name: 'self-test',
      files: { 'self-test.schema.json': JSON.stringify(form, null, 2) },
      baseVersion: unit.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await match(t)).statusCode).toBe(200);
    expect((await open('form', 'self-test')).retired).toBeUndefined();

    const dict = await open('dictionary', 'tech_maturity');
    const { retired: _retired, ...file } = JSON.parse(dict.files['tech_maturity.json'] ?? '{}') as Json;
    const dictBack = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'dictionary',
      name: 'tech_maturity',
      files: { 'tech_maturity.json': JSON.stringify(file, null, 2) },
      baseVersion: dict.version,
    });
    expect(dictBack.statusCode, dictBack.body).toBe(200);
    expect(await summary('dictionary', 'tech_maturity')).not.toHaveProperty('retired');
  });
});

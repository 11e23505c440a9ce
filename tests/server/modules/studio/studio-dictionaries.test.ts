import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictItems, rolePermissions, roles, schemaPublications } from '../../../../src/server/db/schema';
import { call, firstSave, makeSchemasDir, saveOk, submit, uploadOk, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * Dictionaries from the browser (issue 32 item 2, ADR 0046): created and published in the studio,
 * their rows written in the publication's transaction, so every process serves them at once; an item
 * taken out is retired, kept for the records that hold it.
 */
const STUDIO = '/api/studio';
const CODE = 'fund_kind';
const FILE = `${CODE}.json`;

interface UnitBody {
  kind: string;
  name: string;
  path: string;
  title: string;
  version: string;
  files: Record<string, string>;
}
interface Item {
  dictKey: string;
  dictValue: string;
  dictValueEn?: string;
  retired?: true;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}

const fileText = (items: Item[], name = '资金类型') => `${JSON.stringify({ code: CODE, name, items }, null, 2)}\n`;

describe('dictionaries in the schema studio (ADR 0046)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let otherSchemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  let formsOnly: TestUser;
  let applicant: TestUser;

  const open = async () => (await call(t, editor, 'GET', `${STUDIO}/unit?kind=dictionary&name=${CODE}`)).json<Envelope<UnitBody>>().data;
  const served = async (app: TestApp) =>
    (await call(app, undefined, 'GET', `/api/sys/biz/queryDictByCode?code=${CODE}`)).json<Envelope<Item[]>>().data;
  const publish = async (items: Item[], user: TestUser = editor) => {
    const unit = await open();
    return call(t, user, 'POST', `${STUDIO}/publish`, {
      kind: 'dictionary',
      name: CODE,
      files: { [FILE]: fileText(items) },
      baseVersion: unit.version,
    });
  };

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    otherSchemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    // Another process with its own files and no timer: it learns of the dictionary from the database alone.
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
  });

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('refuses a caller without schemaStudioDictionary.update (403, audited) and lists dictionaries read-only for them', async () => {
    const response = await call(t, formsOnly, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: CODE,
      title: '资金类型',
      from: { blank: true },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<null>>().msg).toBe('没有足够的权限：你的角色不能在表单设计中新建、发布或回滚字典，请联系系统管理员');
    const denied = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'ACCESS_DENIED'), eq(auditLog.objectId, `dictionary/${CODE}`)));
    expect(denied).toEqual([{ action: 'schemaStudioDictionary.update' }]);
    const units = (await call(t, formsOnly, 'GET', `${STUDIO}/units`)).json<
      Envelope<{ kind: string; name: string; canPublish: boolean }[]>
    >();
    expect(units.data.find((unit) => unit.kind === 'dictionary' && unit.name === 'article_kind')).toMatchObject({ canPublish: false });
    expect(await served(t)).toEqual([]);
  });

  it('refuses a code that is not one (400) and a name taken by a file (409)', async () => {
    const bad = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: 'Fund-Kind',
      title: 'x',
      from: { blank: true },
    });
    expect(bad.statusCode).toBe(400);
    const dashed = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: 'fund-kind',
      title: 'x',
      from: { blank: true },
    });
    expect(dashed.statusCode).toBe(400);
    const taken = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: 'article_kind',
      title: 'x',
      from: { blank: true },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('creates a blank dictionary: served by both processes at once, its file written, audited', async () => {
    const response = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: CODE,
      title: '资金类型',
      from: { blank: true },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope<UnitBody>>().data;
    expect(body).toMatchObject({ kind: 'dictionary', name: CODE, path: `dicts/${FILE}`, title: '资金类型' });
    expect(JSON.parse(body.files[FILE] ?? '')).toEqual({
      code: CODE,
      name: '资金类型',
      items: [{ dictKey: 'item1', dictValue: '选项一', dictValueEn: 'Option 1' }],
    });
    expect(await readFile(join(schemas.dir, 'dicts', FILE), 'utf8')).toBe(body.files[FILE]);
    // The rows are the publication's: the other process serves them before it polls.
    expect(await served(other)).toEqual([{ dictKey: 'item1', dictValue: '选项一', dictValueEn: 'Option 1' }]);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, `dictionary/${CODE}`));
    expect(audit).toContainEqual({ action: 'schemaStudioDictionary.update' });
    // The studio of the other process opens it after its poll.
    expect(await other.app.schemaSync.poll()).toBe(1);
    expect(other.app.dictionaries.get(CODE)?.file.name).toBe('资金类型');
  });

  it('refuses a duplicate key on the item that repeats it, and a blank label (400)', async () => {
    const response = await publish([
      { dictKey: 'grant', dictValue: '资助' },
      { dictKey: 'loan', dictValue: '贷款' },
      { dictKey: 'grant', dictValue: '补贴' },
      { dictKey: 'equity', dictValue: '  ' },
    ]);
    expect(response.statusCode).toBe(400);
    const problems = response.json<Envelope<{ problems: Problem[] }>>().data.problems;
    expect(problems).toEqual([
      {
        file: `dicts/${FILE}`,
        pointer: '/items/2/dictKey',
        message: '字典项的取值 "grant" 重复，第 1 项已使用（Duplicate key "grant": item 1 already uses it）',
      },
      { file: `dicts/${FILE}`, pointer: '/items/3/dictValue', message: '字典项的中文名称不能为空（The Chinese label may not be blank）' },
    ]);
    const wrongCode = await call(t, editor, 'POST', `${STUDIO}/check`, {
      kind: 'dictionary',
      name: CODE,
      files: { [FILE]: fileText([{ dictKey: 'a', dictValue: '甲' }]).replace(`"${CODE}"`, '"other_code"') },
    });
    expect(JSON.stringify(wrongCode.json())).toContain('/code');
  });

  it('publishes items added, reordered and renamed; a form names it and the write path of the other process accepts its keys', async () => {
    const published = await publish([
      { dictKey: 'loan', dictValue: '贷款', dictValueEn: 'Loan' },
      { dictKey: 'grant', dictValue: '无偿资助', dictValueEn: 'Grant' },
      { dictKey: 'equity', dictValue: '股权投资' },
    ]);
    expect(published.statusCode).toBe(200);
    // item1 was taken out: retired, still answered (its label) but marked, after the items in use.
    expect(await served(other)).toEqual([
      { dictKey: 'loan', dictValue: '贷款', dictValueEn: 'Loan' },
      { dictKey: 'grant', dictValue: '无偿资助', dictValueEn: 'Grant' },
      { dictKey: 'equity', dictValue: '股权投资' },
      { dictKey: 'item1', dictValue: '选项一', dictValueEn: 'Option 1', retired: true },
    ]);
    expect(await readFile(join(schemas.dir, 'dicts', FILE), 'utf8')).toBe(
      fileText([
        { dictKey: 'loan', dictValue: '贷款', dictValueEn: 'Loan' },
        { dictKey: 'grant', dictValue: '无偿资助', dictValueEn: 'Grant' },
        { dictKey: 'equity', dictValue: '股权投资' },
      ]),
    );

    // The activity's first step names the dictionary, published on this process…
    const activity = (await call(t, editor, 'GET', `${STUDIO}/unit?kind=activity&name=tiny-grant`)).json<Envelope<UnitBody>>().data;
    const basic = JSON.parse(activity.files['basic.schema.json'] ?? '{}') as { properties: Record<string, unknown> };
    basic.properties['fundKind'] = { type: 'string', title: '资金类型', 'x-dict': CODE };
    const step = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'activity',
      name: 'tiny-grant',
      files: { ...activity.files, 'basic.schema.json': `${JSON.stringify(basic, null, 2)}\n` },
      baseVersion: activity.version,
      drafts: 'move',
    });
    expect(step.statusCode).toBe(200);
    await other.app.schemaSync.poll();
    // …and on the other process an applicant's application is refused a key the dictionary lacks at submission…
    const basicData = (fundKind: string) => ({ projectName: '屋顶光伏', hasPartner: false, fundKind });
    let view = await firstSave(other, applicant, 'tiny-grant');
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'basic', version: view.version, data: basicData('bond') });
    const license = await uploadOk(other, applicant, 'tiny-grant');
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'files', version: view.version, data: { license: [license] } });
    const refused = await submit(other, applicant, 'tiny-grant', view.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<null>>().errors).toMatchObject([{ step: 'basic', path: 'fundKind', keyword: 'x-dict' }]);
    // …and takes one it holds.
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'basic', version: view.version, data: basicData('equity') });

    // equity is taken out while the application holds it: retired, never dropped; it keeps its label, and the application still submits.
    expect(
      (
        await publish([
          { dictKey: 'loan', dictValue: '贷款' },
          { dictKey: 'grant', dictValue: '无偿资助' },
        ])
      ).statusCode,
    ).toBe(200);
    const rows = await t.db.select().from(dictItems).where(eq(dictItems.dictCode, CODE));
    expect(
      rows
        .filter((row) => row.retired)
        .map((row) => row.dictKey)
        .sort(),
    ).toEqual(['equity', 'item1']);
    expect((await served(other)).find((item) => item.dictKey === 'equity')).toEqual({
      dictKey: 'equity',
      dictValue: '股权投资',
      retired: true,
    });
    expect((await submit(other, applicant, 'tiny-grant', view.version)).statusCode).toBe(200);
  });

  it('rolls back to an earlier version: its items in use again, in their order', async () => {
    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=dictionary&name=${CODE}`)).json<
      Envelope<{ id: number; action: string }[]>
    >().data;
    expect(versions.map((version) => version.action)).toEqual(['publish', 'publish', 'create']);
    const created = versions[2];
    const unit = await open();
    const response = await call(t, editor, 'POST', `${STUDIO}/rollback`, {
      kind: 'dictionary',
      name: CODE,
      publicationId: created?.id,
      baseVersion: unit.version,
    });
    expect(response.statusCode).toBe(200);
    expect((await served(other)).map((item) => [item.dictKey, item.retired === true])).toEqual([
      ['item1', false],
      ['loan', true],
      ['grant', true],
      ['equity', true],
    ]);
    const rows = await t.db.select({ action: schemaPublications.action }).from(schemaPublications).where(eq(schemaPublications.name, CODE));
    expect(rows.map((row) => row.action)).toEqual(['create', 'publish', 'publish', 'rollback']);
  });
});

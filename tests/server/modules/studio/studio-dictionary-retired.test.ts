import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, firstSave, makeSchemasDir, saveOk, submit, uploadOk, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * A dictionary retired as a whole (issue 32 item 2, ADR 0055): hidden from new use, never dropped. A
 * field that already names it keeps its options, labels and write-path check; a unit that does not
 * name it yet may not start to, in this process or another, the moment the publication commits.
 */
const STUDIO = '/api/studio';
const CODE = 'lab_level';
const FILE = `${CODE}.json`;

interface UnitBody {
  version: string;
  files: Record<string, string>;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}
type Json = Record<string, unknown>;

const REFUSAL = `字典 "${CODE}" 已停用，不能用于新的字段（已经引用它的字段照常使用；要恢复，发布不带 "retired" 的 dicts/${FILE}）`;
const ITEMS = [
  { dictKey: 'national', dictValue: '国家级' },
  { dictKey: 'city', dictValue: '市级' },
];
// What the dictionary calls answer: the blank dictionary's first item, renamed away, stays retired (ADR 0046).
const SERVED = [...ITEMS, { dictKey: 'item1', dictValue: '选项一', dictValueEn: 'Option 1', retired: true }];
const dictText = (retired: boolean) =>
  `${JSON.stringify({ code: CODE, name: '实验室级别', ...(retired ? { retired: true } : {}), items: ITEMS }, null, 2)}\n`;

describe('a dictionary retired as a whole (ADR 0055)', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  let applicant: TestUser;

  const open = async (kind: string, name: string, app: TestApp = t) =>
    (await call(app, editor, 'GET', `${STUDIO}/unit?kind=${kind}&name=${name}`)).json<Envelope<UnitBody>>().data;
  const publish = async (kind: string, name: string, files: Record<string, string>, extra: Json = {}) =>
    call(t, editor, 'POST', `${STUDIO}/publish`, { kind, name, files, baseVersion: (await open(kind, name)).version, ...extra });
  /** The message form's file with one more field naming the dictionary. */
  const messageNaming = async (app: TestApp = t) => {
    const files = (await open('form', 'message', app)).files;
    const form = JSON.parse(files['message.schema.json'] ?? '{}') as { properties: Json };
    form.properties['labLevel'] = { type: 'string', title: '实验室级别', 'x-dict': CODE };
    return { 'message.schema.json': `${JSON.stringify(form, null, 2)}\n` };
  };
  const problemsOf = async (app: TestApp, kind: string, name: string, files: Record<string, string>) =>
    (await call(app, editor, 'POST', `${STUDIO}/check`, { kind, name, files })).json<Envelope<{ problems: Problem[] }>>().data.problems;
  const listed = async (app: TestApp) =>
    (await call(app, undefined, 'GET', '/api/integrity/app/dict/list'))
      .json<Envelope<{ code: string; retired?: true; items: unknown[] }[]>>()
      .data.find((dict) => dict.code === CODE);

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    otherSchemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    // Another process with its own files and no timer: what it refuses, it reads from the database.
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t, schemaSyncMs: 0 });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    applicant = await createLoggedInUser(t, 'applicant', 'applicant');
    const created = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'dictionary',
      name: CODE,
      title: '实验室级别',
      from: { blank: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await publish('dictionary', CODE, { [FILE]: dictText(false) })).statusCode).toBe(200);
    // The activity's first step names it before it is retired.
    const activity = await open('activity', 'tiny-grant');
    const basic = JSON.parse(activity.files['basic.schema.json'] ?? '{}') as { properties: Json };
    basic.properties['labLevel'] = { type: 'string', title: '实验室级别', 'x-dict': CODE };
    const step = await publish(
      'activity',
      'tiny-grant',
      { ...activity.files, 'basic.schema.json': `${JSON.stringify(basic, null, 2)}\n` },
      { drafts: 'move' },
    );
    expect(step.statusCode, step.body).toBe(200);
    await other.app.schemaSync.poll();
  }, 120_000);

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('is offered before it is retired: a new field may name it', async () => {
    expect(await problemsOf(t, 'form', 'message', await messageNaming())).toEqual([]);
    expect(await listed(t)).not.toHaveProperty('retired');
  });

  it('once published with retired: true, a new field naming it is refused at check and publish, in both processes at once', async () => {
    const retired = await publish('dictionary', CODE, { [FILE]: dictText(true) });
    expect(retired.statusCode, retired.body).toBe(200);

    const refusal = { file: 'forms/message.schema.json', pointer: '/properties/labLevel/x-dict', message: REFUSAL };
    expect(await problemsOf(t, 'form', 'message', await messageNaming())).toEqual([refusal]);
    // The other process has not polled: the dictionaries' rows are the publication's at commit (ADR 0046).
    expect(await problemsOf(other, 'form', 'message', await messageNaming(other))).toEqual([refusal]);
    const published = await publish('form', 'message', await messageNaming());
    expect(published.statusCode).toBe(400);
    expect(published.json<Envelope<{ problems: Problem[] }>>().data.problems).toEqual([refusal]);

    // A new unit names it newly too: a copy of the activity that names it is refused.
    const copy = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'activity',
      name: 'tiny-copy',
      title: '副本',
      from: { copy: 'tiny-grant' },
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json<Envelope<{ problems: Problem[] }>>().data.problems).toEqual([
      { file: 'activities/tiny-copy/basic.schema.json', pointer: '/properties/labLevel/x-dict', message: REFUSAL },
    ]);

    // Listed, marked, with every item: the fields naming it still need its labels.
    expect(await listed(other)).toMatchObject({ retired: true, items: SERVED });
  });

  it('leaves the fields that name it as they were: the unit publishes, an application saves and submits, the items are served', async () => {
    // The activity that names it publishes another change (a title), and may move the field.
    const activity = await open('activity', 'tiny-grant');
    const basic = JSON.parse(activity.files['basic.schema.json'] ?? '{}') as { title: string; properties: Json };
    const { labLevel, ...rest } = basic.properties;
    const moved = { ...basic, title: '基本情况', properties: { labLevel, ...rest } };
    const edited = await publish('activity', 'tiny-grant', {
      ...activity.files,
      'basic.schema.json': `${JSON.stringify(moved, null, 2)}\n`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await other.app.schemaSync.poll();

    // On the other process, an applicant's value is checked against the items as before: a key it lacks is refused, one it holds submits.
    const data = (labLevel: string) => ({ projectName: '材料实验室', hasPartner: false, labLevel });
    let view = await firstSave(other, applicant, 'tiny-grant');
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'basic', version: view.version, data: data('province') });
    const license = await uploadOk(other, applicant, 'tiny-grant');
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'files', version: view.version, data: { license: [license] } });
    const refused = await submit(other, applicant, 'tiny-grant', view.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<null>>().errors).toMatchObject([{ step: 'basic', path: 'labLevel', keyword: 'x-dict' }]);
    view = await saveOk(other, applicant, { activityId: 'tiny-grant', step: 'basic', version: view.version, data: data('city') });
    expect((await submit(other, applicant, 'tiny-grant', view.version)).statusCode).toBe(200);

    // The options and labels a form and a detail read are unchanged.
    expect((await call(other, undefined, 'GET', `/api/sys/biz/queryDictByCode?code=${CODE}`)).json<Envelope<unknown[]>>().data).toEqual(
      SERVED,
    );
  });

  it('comes back when published without retired: a new field may name it again', async () => {
    expect((await publish('dictionary', CODE, { [FILE]: dictText(false) })).statusCode).toBe(200);
    expect(await problemsOf(other, 'form', 'message', await messageNaming(other))).toEqual([]);
    expect(await listed(other)).not.toHaveProperty('retired');
  });
});

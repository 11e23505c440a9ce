import { and, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../../src/server/db/schema';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const NAME = 'publication';
const FILE = 'publication.workflow.json';
/** The folders whose resource.json names schemas/workflows/publication.workflow.json. */
const SHARING = ['article', 'event', 'financing-project', 'incubator', 'policy-rule', 'product', 'service-org', 'showcase', 'technology'];

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
  title: string;
  canPublish: boolean;
}
interface Summary {
  kind: string;
  name: string;
  path: string;
  title: string;
  canPublish: boolean;
}
interface Workflow {
  initial: string;
  states: Record<string, Json>;
  transitions: Record<string, Json>;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}
interface RecordView {
  id: string;
  version: number;
  status: string;
}

/*
 * ADR 0053: a shared workflow (schemas/workflows/<name>.workflow.json) is a studio unit of its own. A
 * candidate is weighed as a publication of every folder that names it would be (its stored records,
 * the roles, a module that reads the file in its code), each problem in the shared file and naming the
 * folder; a publication installs it in each of those folders in every process, without a restart, and
 * only whoever may author resource folders may publish it.
 */
describe('shared workflows published from the studio', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let published: RecordView;

  const open = async (name = NAME): Promise<Unit> => {
    const response = await call(t, admin, 'GET', `${STUDIO}/unit?kind=workflow&name=${name}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Unit>>().data;
  };
  const edited = (unit: Unit, edit: (workflow: Workflow) => void, name = NAME): Record<string, string> => {
    const file = `${name}.workflow.json`;
    const workflow = JSON.parse(unit.files[file] ?? '{}') as Workflow;
    edit(workflow);
    return { [file]: JSON.stringify(workflow, null, 2) };
  };
  const problems = async (edit: (workflow: Workflow) => void, name = NAME): Promise<Problem[]> => {
    const checked = await call(t, admin, 'POST', `${STUDIO}/check`, {
      kind: 'workflow',
      name,
      files: edited(await open(name), edit, name),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    return checked.json<Envelope<{ problems: Problem[] }>>().data.problems;
  };
  const showcase = (title: string) => ({
    title,
    category: 'achievement',
    org: '市智能制造研究院',
    summary: '面向中小企业的工业视觉质检平台，已在十余家工厂试用。',
    publishDate: '2026-11-20',
  });
  const take = (app: TestApp, user: TestUser, transition: string, record: { id: string; version: number }) =>
    call(app, user, 'POST', `/api/resources/showcase/transitions/${transition}`, { id: record.id, version: record.version });

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    // A second process on the same database, with its own copy of the files: it learns of a publication from the database alone.
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'wfadmin', 'admin');
    editor = await createLoggedInUser(t, 'wfeditor', 'editor');
    const created = await call(t, editor, 'POST', '/api/resources/showcase/create', showcase('工业视觉质检平台成果展示'));
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json<Envelope<RecordView>>().data;
    const done = await take(t, editor, 'publish', draft);
    expect(done.statusCode, done.body).toBe(200);
    published = done.json<Envelope<RecordView>>().data;
    expect(published.status).toBe('published');
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await schemas?.cleanup();
    await otherSchemas?.cleanup();
  });

  it('lists each shared workflow with the folders that name it, publishable by the administrator only', async () => {
    const units = (await call(t, admin, 'GET', `${STUDIO}/units`)).json<Envelope<Summary[]>>().data;
    const shared = units.filter((unit) => unit.kind === 'workflow');
    expect(shared.map((unit) => [unit.name, unit.path, unit.canPublish])).toEqual([
      ['application', 'workflows/application.workflow.json', true],
      ['publication', 'workflows/publication.workflow.json', true],
    ]);
    expect(shared[1]?.title).toContain('成果展示');
    const forEditor = (await call(t, editor, 'GET', `${STUDIO}/units`)).json<Envelope<Summary[]>>().data;
    expect(forEditor.filter((unit) => unit.kind === 'workflow').map((unit) => unit.canPublish)).toEqual([false, false]);
  });

  it('refuses the editor (403, audited with the resource folders’ check) before telling anything', async () => {
    const unit = await open();
    const refused = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'workflow',
      name: NAME,
      files: edited(unit, (workflow) => {
        workflow.states['published'] = { ...workflow.states['published'], title: '已上线' };
      }),
      baseVersion: unit.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<unknown>>().msg).toContain('共享工作流');
    const denied = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'ACCESS_DENIED'), eq(auditLog.objectId, `workflow/${NAME}`)));
    expect(denied).toEqual([{ action: 'schemaStudioResource.update' }]);
  });

  it('refuses a state that the folders naming it still use, with each folder’s own problem in its own file', async () => {
    const found = await problems((workflow) => {
      workflow.states['online'] = { title: '已上线' };
      delete workflow.states['published'];
      (workflow.transitions['publish'] as { to: string }).to = 'online';
      (workflow.transitions['unpublish'] as { from: string[] }).from = ['online'];
    });
    // Every folder's visitors see the published state: each is refused where it says so.
    for (const folder of SHARING)
      expect(found, folder).toContainEqual(
        expect.objectContaining({ file: `resources/${folder}/resource.json`, pointer: '/visitors/states/0' }),
      );
  });

  it('refuses any change of a shared workflow that a module reads in its code (application), saying so', async () => {
    const found = await problems((workflow) => {
      workflow.states['draft'] = { ...workflow.states['draft'], title: '未提交' };
    }, 'application');
    expect(found).toEqual([
      expect.objectContaining({
        file: 'workflows/application.workflow.json',
        pointer: '',
        message: expect.stringContaining('修改要改该模块的代码'),
      }),
    ]);
  });

  it('installs a new state and transition in every folder that names it, in both processes, and writes the file', async () => {
    const unit = await open();
    expect((await take(t, admin, 'archive', published)).statusCode).toBe(404);
    const response = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'workflow',
      name: NAME,
      files: edited(unit, (workflow) => {
        workflow.states['archived'] = { title: '已归档', locale: { 'en-US': { title: 'Archived' } }, color: 'default' };
        workflow.transitions['archive'] = {
          title: '归档',
          locale: { 'en-US': { title: 'Archive' } },
          from: ['published'],
          to: 'archived',
          actor: 'reviewer',
          permission: 'update',
          note: 'required',
        };
      }),
      baseVersion: unit.version,
      note: '已发布的内容可归档',
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const folder of SHARING) expect(t.app.resources.get(folder)?.workflow.transitions['archive'], folder).toBeDefined();
    expect(JSON.parse(await readFile(join(schemas.dir, 'workflows', FILE), 'utf8'))).toMatchObject({
      states: { archived: { title: '已归档' } },
    });
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'SCHEMA_PUBLISHED'), eq(auditLog.objectId, `workflow/${NAME}`)));
    expect(audit).toEqual([{ action: 'schemaStudioResource.update' }]);

    // The other process takes it once it has read the publication from the database.
    expect((await take(other, admin, 'archive', { ...published })).statusCode).toBe(404);
    await other.app.schemaSync.poll();
    for (const folder of SHARING) expect(other.app.resources.get(folder)?.workflow.states['archived'], folder).toBeDefined();
    const archived = await call(other, admin, 'POST', '/api/resources/showcase/transitions/archive', {
      id: published.id,
      version: published.version,
      note: '展示期满',
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<Envelope<RecordView>>().data.status).toBe('archived');
  });

  it('refuses a rollback that would strand the records archived since, with the reason', async () => {
    const versions = (await call(t, admin, 'GET', `${STUDIO}/versions?kind=workflow&name=${NAME}`)).json<
      Envelope<{ id: number; action: string }[]>
    >().data;
    expect(versions.map((version) => version.action)).toEqual(['publish', 'baseline']);
    const unit = await open();
    const refused = await call(t, admin, 'POST', `${STUDIO}/rollback`, {
      kind: 'workflow',
      name: NAME,
      publicationId: versions[1]?.id,
      baseVersion: unit.version,
    });
    expect(refused.statusCode).toBe(400);
    const found = refused.json<Envelope<{ problems: Problem[] }>>().data.problems;
    // Stranded records: weighed per folder with the database, placed in the shared file and naming the folder.
    expect(found).toContainEqual({
      file: `workflows/${FILE}`,
      pointer: '/states',
      message:
        '资源文件夹「成果展示」（showcase）：状态 "已归档"（archived） 中还有 1 条记录，不能删除：请先把这些记录办理到其他状态，或保留这个状态',
    });
    expect(t.app.resources.get('showcase')?.workflow.states['archived']).toBeDefined();
  });
});

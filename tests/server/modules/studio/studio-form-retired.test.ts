import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * A form retired (issue 32 item 2, ADR 0055): `x-retired: true` at its root. Its endpoint takes no new
 * submission; what it serves to read stays; no matching folder may newly name it as its questionnaire;
 * a form the portal's own routes submit through cannot be retired. The policy self-test is the form here:
 * its endpoint is policy-rule's match (the spec's pub/selfEvaluationQuery).
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
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}
type Json = Record<string, unknown>;

describe('a form retired (ADR 0055)', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let editor: TestUser;
  let admin: TestUser;

  const open = async (kind: string, name: string) =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=${kind}&name=${name}`)).json<Envelope<UnitBody>>().data;
  /** A form's file with its root edited. */
  const formFiles = async (name: string, edit: (form: Json) => Json) => {
    const file = `${name}.schema.json`;
    const form = JSON.parse((await open('form', name)).files[file] ?? '{}') as Json;
    return { [file]: `${JSON.stringify(edit(form), null, 2)}\n` };
  };
  const publishForm = async (name: string, edit: (form: Json) => Json) =>
    call(t, editor, 'POST', `${STUDIO}/publish`, {
      kind: 'form',
      name,
      files: await formFiles(name, edit),
      baseVersion: (await open('form', name)).version,
    });
  const match = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: MATCH, payload: ANSWERS, headers });

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    admin = await createLoggedInUser(t, 'admin', 'admin');
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('refuses to retire the message board form, which the portal’s own route submits through, naming the route', async () => {
    const files = await formFiles('message', (form) => ({ ...form, 'x-retired': true }));
    const problems = (await call(t, editor, 'POST', `${STUDIO}/check`, { kind: 'form', name: 'message', files })).json<
      Envelope<{ problems: Problem[] }>
    >().data.problems;
    expect(problems).toEqual([
      {
        file: 'forms/message.schema.json',
        pointer: '/x-retired',
        message:
          '表单 "message" 是门户自身的接口 POST /api/sys/person/message/create 提交所用的表单，不能停用（停用后这个接口将一直拒绝提交）',
      },
    ]);
    const published = await publishForm('message', (form) => ({ ...form, 'x-retired': true }));
    expect(published.statusCode).toBe(400);
  });

  it('once retired, its endpoint refuses a new submission (403, both locales); the form and the folder’s rules stay readable', async () => {
    expect((await match()).statusCode).toBe(200);
    const retired = await publishForm('self-test', (form) => ({ ...form, 'x-retired': true }));
    expect(retired.statusCode, retired.body).toBe(200);

    const refused = await match();
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().msg).toBe('该表单已停用，不能再提交；已提交的内容仍可查看');
    expect((await match({ 'accept-language': 'en-US' })).json<Envelope<null>>().msg).toBe(
      'This form has been retired and takes no new submissions; what was submitted can still be read',
    );
    // The engine's own path for the same match, too.
    expect((await t.app.inject({ method: 'POST', url: '/api/resources/policy-rule/match', payload: ANSWERS })).statusCode).toBe(403);

    // What is read is not a submission: the form's schema (for what was stored with it) and the folder's records.
    const form = await t.app.inject({ method: 'GET', url: '/api/schemas/forms/self-test' });
    expect(form.statusCode).toBe(200);
    expect(form.json<Envelope<Json>>().data['x-retired']).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/resources/policy-rule/rules' })).statusCode).toBe(200);

    // A copy of it is a new form, live: the mark is not copied.
    const copy = await call(t, editor, 'POST', `${STUDIO}/create`, {
      kind: 'form',
      name: 'quiz',
      title: '问卷副本',
      from: { copy: 'self-test' },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(JSON.parse(copy.json<Envelope<UnitBody>>().data.files['quiz.schema.json'] ?? '{}')).not.toHaveProperty('x-retired');
  });

  it('may not be named newly as a questionnaire; the folder that names it already publishes other changes', async () => {
    const copy = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'rule-copy',
      title: '规则副本',
      from: { copy: 'policy-rule' },
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json<Envelope<{ problems: Problem[] }>>().data.problems).toEqual([
      {
        file: 'resources/rule-copy/resource.json',
        pointer: '/matching/form',
        message: '问卷表单 "self-test" 已停用，不能用作新的问卷（要恢复，发布不带 "x-retired" 的 forms/self-test.schema.json）',
      },
    ]);

    const folder = await open('resource', 'policy-rule');
    const resource = JSON.parse(folder.files['resource.json'] ?? '{}') as Json;
    const retitled = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'policy-rule',
      files: { ...folder.files, 'resource.json': `${JSON.stringify({ ...resource, title: '政策匹配规则（旧问卷）' }, null, 2)}\n` },
      baseVersion: folder.version,
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
  });

  it('comes back when published without x-retired: its endpoint takes submissions again, and a new folder may name it', async () => {
    const back = await publishForm('self-test', ({ 'x-retired': _retired, ...form }) => form);
    expect(back.statusCode, back.body).toBe(200);
    expect((await match()).statusCode).toBe(200);
    const copy = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'rule-copy',
      title: '规则副本',
      from: { copy: 'policy-rule' },
    });
    expect(copy.statusCode, copy.body).toBe(200);
  });
});

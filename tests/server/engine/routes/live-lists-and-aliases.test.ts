import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const FOLDER = 'showcase';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface Page {
  total: number;
  records: { id: string; data: Json }[];
}

/*
 * ADR 0042: a studio publication adds and removes lists and aliases, and changes a list's filters, page
 * size, sort, scope and audience, in the running process, without a restart; what would show records
 * to people who could not see them before is refused with the reason, not "restart".
 */
describe('lists and aliases published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let applicant: TestUser;
  const ids: string[] = [];

  const unit = async (name = FOLDER): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=${name}`)).json<Envelope<Unit>>().data;
  /** The folder's files with `edit` applied to them as JSON (a file edited to undefined is removed). */
  const edited = (files: Record<string, string>, edit: (json: Record<string, Json | undefined>) => void): Record<string, string> => {
    const json: Record<string, Json | undefined> = Object.fromEntries(
      Object.entries(files).map(([name, text]) => [name, JSON.parse(text) as Json]),
    );
    edit(json);
    return Object.fromEntries(
      Object.entries(json).flatMap(([name, value]) => (value === undefined ? [] : [[name, JSON.stringify(value, null, 2)]])),
    );
  };
  const publish = async (edit: (json: Record<string, Json | undefined>) => void, name = FOLDER) => {
    const current = await unit(name);
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name,
      files: edited(current.files, edit),
      baseVersion: current.version,
    });
  };
  const publishOk = async (edit: (json: Record<string, Json | undefined>) => void): Promise<void> => {
    const published = await publish(edit);
    expect(published.statusCode, published.body).toBe(200);
  };
  const problems = async (edit: (json: Record<string, Json | undefined>) => void, name = FOLDER) => {
    const current = await unit(name);
    return (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name, files: edited(current.files, edit) })).json<
      Envelope<{ problems: { file: string; pointer: string; message: string }[] }>
    >().data.problems;
  };
  const visitor = async (method: 'GET' | 'POST', url: string, payload?: Json) =>
    t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
  const aliases = (json: Record<string, Json | undefined>): Json[] => (json['resource.json']?.['aliases'] ?? []) as Json[];

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    // A second process on the same database, with its own copy of the files: it learns of a publication from the database alone.
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'studioadmin', 'admin');
    editor = await createLoggedInUser(t, 'showeditor', 'editor');
    applicant = await createLoggedInUser(t, 'showapplicant', 'applicant');
    for (const [title, org] of [
      ['固态电解质材料完成中试', '江城新材料研究院有限公司'],
      ['高精度光纤陀螺批量生产', '江城光电科技有限公司'],
      ['毫米波雷达芯片流片成功', '江城芯片设计有限公司'],
    ] as const) {
      const created = await call(t, editor, 'POST', '/api/resources/showcase/create', {
        title,
        category: 'achievement',
        org,
        publishDate: '2026-11-20',
        summary: '用于在线发布列表的测试内容。',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<Envelope<{ id: string; version: number }>>().data.id;
      ids.push(id);
      const approved = await call(t, editor, 'POST', '/api/resources/showcase/transitions/publish', { id, version: 1 });
      expect(approved.statusCode, approved.body).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await schemas?.cleanup();
    await otherSchemas?.cleanup();
  });

  it('serves a new list at once, with its own page size and filters, to the readers its scope names; removed, it is a 404', async () => {
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(404);
    await publishOk((json) => {
      json['lists/latest.list.json'] = { ...json['lists/all.list.json'], title: '最新成果', pageSize: 2, menu: undefined };
    });
    const first = await call(t, editor, 'POST', '/api/resources/showcase/lists/latest', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Envelope<Page>>().data).toMatchObject({ total: 3, records: [expect.anything(), expect.anything()] });
    // Its request is the new list's own: its filters, and nothing else.
    const filtered = await call(t, editor, 'POST', '/api/resources/showcase/lists/latest', { title: '光纤' });
    expect(filtered.json<Envelope<Page>>().data.total).toBe(1);
    const unknown = await call(t, editor, 'POST', '/api/resources/showcase/lists/latest', { org: '江城' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 400, msg: '提交的信息有误，请检查后重试', errors: [expect.objectContaining({ path: 'org' })] });
    // A staff list (scope all): the permission, as its static twin would ask.
    expect((await call(t, applicant, 'POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(403);
    expect((await visitor('POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(401);
    // The other process serves it from the database at its next poll (the two-process test times it).
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(200);

    await publishOk((json) => {
      json['lists/latest.list.json'] = undefined;
    });
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(404);
    expect((await visitor('POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(404);
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', '/api/resources/showcase/lists/latest', {})).statusCode).toBe(404);
  });

  it("changes a start-up list's filters, page size and sort: the list's route checks the live request", async () => {
    const byOrg = { org: '光电' };
    const refused = await call(t, editor, 'POST', '/api/resources/showcase/lists/all', byOrg);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<unknown>>().errors).toEqual([expect.objectContaining({ path: 'org', keyword: 'additionalProperties' })]);
    await publishOk((json) => {
      const all = json['lists/all.list.json'] ?? {};
      json['lists/all.list.json'] = {
        ...all,
        filters: [...(all['filters'] as Json[]), { field: 'org' }],
        pageSize: 1,
        sort: { fields: ['updatedAt', 'publishDate'], default: { field: 'updatedAt', order: 'descend' } },
      };
    });
    const found = await call(t, editor, 'POST', '/api/resources/showcase/lists/all', byOrg);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Envelope<Page>>().data.records.map((record) => record.data['org'])).toEqual(['江城光电科技有限公司']);
    const page = await call(t, editor, 'POST', '/api/resources/showcase/lists/all', {});
    expect(page.json<Envelope<Page>>().data).toMatchObject({ total: 3, records: [expect.anything()] });
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/all', { sortField: 'publishDate' })).statusCode).toBe(200);
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/all', { sortField: 'title' })).statusCode).toBe(400);
    // A page size above 100 widens the largest page a caller may ask for.
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/all', { pageSize: 150 })).statusCode).toBe(400);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], pageSize: 200 };
    });
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/all', { pageSize: 150 })).statusCode).toBe(200);
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', '/api/resources/showcase/lists/all', byOrg)).statusCode).toBe(200);
  });

  it('changes who may call a start-up list, on its route and its aliases; widening is refused with the reason', async () => {
    expect((await visitor('POST', '/api/resources/showcase/lists/platforms', {})).statusCode).toBe(200);
    expect((await visitor('GET', '/api/sys/api/platform')).statusCode).toBe(200);
    // From visitors to the holders of showcase.query: its layout is for visitors only, so it goes too.
    await publishOk((json) => {
      const { audience: _audience, layout: _layout, ...platforms } = json['lists/platforms.list.json'] ?? {};
      json['lists/platforms.list.json'] = platforms;
    });
    expect((await visitor('POST', '/api/resources/showcase/lists/platforms', {})).statusCode).toBe(401);
    expect((await visitor('GET', '/api/sys/api/platform')).statusCode).toBe(401);
    expect((await call(t, applicant, 'POST', '/api/resources/showcase/lists/platforms', {})).statusCode).toBe(403);
    expect((await call(t, applicant, 'GET', '/api/sys/api/platform')).statusCode).toBe(403);
    expect((await call(t, editor, 'POST', '/api/resources/showcase/lists/platforms', {})).statusCode).toBe(200);
    // And back to visitors: their states are public anyway (resource.json visitors).
    await publishOk((json) => {
      json['lists/platforms.list.json'] = {
        ...json['lists/platforms.list.json'],
        audience: 'public',
        layout: { kind: 'media', title: 'title', summary: 'summary', date: 'publishDate', source: 'org' },
      };
    });
    expect((await visitor('POST', '/api/resources/showcase/lists/platforms', {})).statusCode).toBe(200);

    // Every logged-in user reading a staff list, or every member their unit's: refused, saying why.
    const widened = await problems((json) => {
      json['lists/mine.list.json'] = { ...json['lists/mine.list.json'], scope: 'all', accountMenu: undefined };
    }, 'invite');
    expect(widened).toEqual([
      expect.objectContaining({
        file: 'resources/invite/lists/mine.list.json',
        pointer: '/scope',
        message: expect.stringContaining('原来看不到这些记录的人'),
      }),
    ]);
    expect(widened[0]?.message).not.toContain('不能在线发布；请修改文件后重启门户');
    const newReaders = await problems((json) => {
      json['lists/everyone.list.json'] = { ...json['lists/mine.list.json'], scope: 'all', accountMenu: undefined };
    }, 'user-org');
    expect(newReaders).toEqual([expect.objectContaining({ file: 'resources/user-org/lists/everyone.list.json', pointer: '/scope' })]);
    // To visitors, in a folder that opens nothing to them: the folder's own rule says so.
    const toVisitors = await problems((json) => {
      json['lists/review.list.json'] = { ...json['lists/review.list.json'], audience: 'public' };
    }, 'invite');
    expect(toVisitors).toContainEqual(
      expect.objectContaining({
        file: 'resources/invite/lists/review.list.json',
        pointer: '/audience',
        message: expect.stringContaining('visitors'),
      }),
    );
    expect(toVisitors.map((problem) => problem.message).join('\n')).not.toContain('重启门户');
  });

  it('serves a new alias of an existing action at once; a removed one, new or from start-up, is a 404', async () => {
    const [id = ''] = ids;
    expect((await call(t, editor, 'POST', '/api/sys/api/present/manage', {})).statusCode).toBe(404);
    await publishOk((json) => {
      aliases(json).push(
        { method: 'POST', path: '/sys/api/present/manage', action: 'list', list: 'all' },
        { method: 'GET', path: '/sys/api/present/get', action: 'detail' },
        { method: 'GET', path: '/sys/api/present/count', action: 'list', list: 'platforms' },
      );
    });
    const managed = await call(t, editor, 'POST', '/api/sys/api/present/manage?pageSize=2', { title: '中试' });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json<Envelope<Page>>().data.total).toBe(1);
    // The alias's own route decides who may call it, and what a request may say.
    expect((await call(t, applicant, 'POST', '/api/sys/api/present/manage', {})).statusCode).toBe(403);
    expect((await visitor('POST', '/api/sys/api/present/manage', {})).statusCode).toBe(401);
    const bad = await call(t, editor, 'POST', '/api/sys/api/present/manage', { nope: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope<unknown>>().errors).toEqual([expect.objectContaining({ path: 'nope' })]);
    const detail = await visitor('GET', `/api/sys/api/present/get?id=${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<Envelope<{ id: string }>>().data.id).toBe(id);
    expect((await visitor('GET', '/api/sys/api/present/get?id=nope')).statusCode).toBe(400);
    // Served by the catch-all: a HEAD is its GET without the body, and OPTIONS names the alias's method (issue 34).
    const head = await t.app.inject({ method: 'HEAD', url: `/api/sys/api/present/get?id=${id}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'OPTIONS', url: '/api/sys/api/present/get' })).headers['allow']).toBe('OPTIONS, GET, HEAD');
    expect((await t.app.inject({ method: 'OPTIONS', url: '/api/sys/api/present/manage' })).headers['allow']).toBe('OPTIONS, POST');
    expect((await visitor('GET', '/api/sys/api/present/count?pageSize=1')).json<Envelope<Page>>().data.records).toHaveLength(0);
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', '/api/sys/api/present/manage', {})).statusCode).toBe(200);

    await publishOk((json) => {
      const kept = aliases(json).filter((alias) => alias['path'] !== '/sys/api/present/manage' && alias['path'] !== '/sys/api/platform');
      json['resource.json'] = { ...json['resource.json'], aliases: kept };
    });
    expect((await call(t, editor, 'POST', '/api/sys/api/present/manage', {})).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'OPTIONS', url: '/api/sys/api/present/manage' })).statusCode).toBe(404);
    // A start-up alias (a route of its own) answers 404 to everyone, before asking who calls.
    expect((await visitor('GET', '/api/sys/api/platform')).statusCode).toBe(404);
    expect((await call(t, editor, 'POST', '/api/sys/api/platform', {})).statusCode).toBe(404);
    expect((await visitor('GET', `/api/sys/api/present/get?id=${id}`)).statusCode).toBe(200);
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', '/api/sys/api/present/manage', {})).statusCode).toBe(404);
    // Put back, the start-up alias serves again.
    await publishOk((json) => {
      aliases(json).push({ method: 'GET', path: '/sys/api/platform', action: 'list', list: 'platforms' });
    });
    expect((await visitor('GET', '/api/sys/api/platform')).statusCode).toBe(200);
  });

  it('refuses an alias at a path another route takes and a renamed permission; an alias pointed at another list is live (ADR 0051)', async () => {
    const refused = await problems((json) => {
      const list = aliases(json);
      list.push(
        { method: 'GET', path: '/sys/api/hatch/list', action: 'list', list: 'published' },
        { method: 'GET', path: '/files/anything', action: 'detail' },
      );
      const present = list.find((alias) => alias['path'] === '/sys/api/present' && alias['method'] === 'GET');
      if (present) present['list'] = 'all';
    });
    expect(refused.map((problem) => [problem.pointer, problem.message])).toEqual([
      [expect.stringMatching(/^\/aliases\/\d+\/path$/), expect.stringContaining('/sys/api/hatch/list')],
      [expect.stringMatching(/^\/aliases\/\d+\/path$/), expect.stringContaining('/api/files/:key')],
    ]);
    const other = await problems((json) => {
      json['resource.json'] = { ...json['resource.json'], permission: 'article' };
    });
    expect(other).toEqual([expect.objectContaining({ pointer: '/permission', message: expect.stringContaining('请保留原权限标识') })]);
  });

  it('keeps every request below 500 on the routes of lists and aliases nobody published', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/resources/showcase/lists/__proto__', {}],
      ['POST', '/api/resources/__proto__/lists/all', {}],
      ['POST', '/api/resources/showcase/lists/all', []],
      ['POST', '/api/resources/nope/lists/nope', 'text'],
      ['GET', '/api/sys/api/nothing/here', undefined],
      ['POST', '/api/sys/api/nothing/here', { a: 1 }],
      ['GET', '/api/constructor', undefined],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(500);
    }
    for (const url of ['/api/sys/api/nothing/here', '/api/resources/nope/lists/nope']) {
      const answer = await t.app.inject({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'text/plain' } });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(415);
    }
  });
});

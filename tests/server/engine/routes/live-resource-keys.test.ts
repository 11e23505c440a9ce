import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const BASE = '/api/resources/showcase';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface RecordView {
  id: string;
  version: number;
}
interface Refusal {
  msg: string;
  data?: { problems: { file: string; pointer: string; message: string }[] };
}

/*
 * ADR 0048: resource.json publishes key by key. What the routes read at each request is live in this
 * process and the other (createAction, visitors narrowed, search re-indexed, a unique set, submitMode,
 * pages); what would widen who sees records, or break what stored records hold, or what code and grants
 * are keyed by, is refused with its reason at resource.json#/<key>, not with "restart".
 */
describe('resource.json published live key by key', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let applicant: TestUser;

  const unit = async (): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<Unit>>().data;
  const publish = async (edit: (resource: Json) => void) => {
    const current = await unit();
    const resource = JSON.parse(current.files['resource.json'] ?? '{}') as Json;
    edit(resource);
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'showcase',
      files: { ...current.files, 'resource.json': JSON.stringify(resource, null, 2) },
      baseVersion: current.version,
    });
  };
  const publishOk = async (edit: (resource: Json) => void): Promise<void> => {
    const published = await publish(edit);
    expect(published.statusCode, published.body).toBe(200);
    await other.app.schemaSync.poll();
  };
  const refusedAt = async (edit: (resource: Json) => void): Promise<{ pointer: string; message: string }[]> => {
    const refused = await publish(edit);
    expect(refused.statusCode, refused.body).toBe(400);
    return (refused.json<Refusal>().data?.problems ?? []).map(({ pointer, message }) => ({ pointer, message }));
  };
  const item = (title: string, extra: Json = {}): Json => ({
    title,
    category: 'achievement',
    org: '江城新材料研究院有限公司',
    publishDate: '2026-11-20',
    summary: '用于在线发布记录类型设置的测试内容。',
    ...extra,
  });
  const published = async (data: Json): Promise<RecordView> => {
    const created = await call(t, editor, 'POST', `${BASE}/create`, data);
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<RecordView>>().data;
    const done = await call(t, editor, 'POST', `${BASE}/transitions/publish`, { id: record.id, version: record.version });
    expect(done.statusCode, done.body).toBe(200);
    return done.json<Envelope<RecordView>>().data;
  };
  const searchTotal = async (app: TestApp, keyword: string): Promise<number> => {
    const response = await app.app.inject({ method: 'GET', url: '/api/sys/api/search', query: { keyword, source: 'showcase' } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { total: number } }).data.total;
  };

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'keysadmin', 'admin');
    editor = await createLoggedInUser(t, 'keyseditor', 'editor');
    applicant = await createLoggedInUser(t, 'keysapplicant', 'applicant');
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await schemas?.cleanup();
    await otherSchemas?.cleanup();
  });

  it('changes owner live while the folder has no records, and refuses it once it has, with the count', async () => {
    await publishOk((resource) => {
      resource['owner'] = 'organisation';
    });
    expect(t.app.resources.get('showcase')?.resource.owner).toBe('organisation');
    expect(other.app.resources.get('showcase')?.resource.owner).toBe('organisation');
    await publishOk((resource) => {
      resource['owner'] = 'user';
    });
    await published(item('固态电解质材料完成中试'));
    await published(item('高精度光纤陀螺批量生产'));
    expect(
      await refusedAt((resource) => {
        resource['owner'] = 'organisation';
      }),
    ).toEqual([{ pointer: '/owner', message: expect.stringContaining('文件夹中已有 2 条记录') }]);
  });

  it('makes createAction live on both processes: without it any user creates, with it only the holders', async () => {
    expect((await call(t, applicant, 'POST', `${BASE}/create`, item('一般用户的成果'))).statusCode).toBe(403);
    await publishOk((resource) => {
      delete resource['createAction'];
    });
    expect((await call(t, applicant, 'POST', `${BASE}/create`, item('一般用户的成果'))).statusCode).toBe(200);
    expect((await call(other, applicant, 'POST', `${BASE}/create`, item('另一进程上的成果'))).statusCode).toBe(200);
    await publishOk((resource) => {
      resource['createAction'] = 'add';
    });
    expect((await call(t, applicant, 'POST', `${BASE}/create`, item('一般用户的成果'))).statusCode).toBe(403);
    expect((await call(other, applicant, 'POST', `${BASE}/create`, item('一般用户的成果'))).statusCode).toBe(403);
  });

  it('re-indexes the search in the publication: a search block removed empties it, put back fills it, on both processes', async () => {
    expect(await searchTotal(t, '固态电解质')).toBe(1);
    let search: unknown;
    await publishOk((resource) => {
      search = resource['search'];
      delete resource['search'];
    });
    expect(await searchTotal(t, '固态电解质')).toBe(0);
    // Written on the other process after the publication: not indexed, as the folder is no longer searchable.
    const other1 = await call(other, editor, 'POST', `${BASE}/create`, item('钙钛矿电池效率突破'));
    const record = other1.json<Envelope<RecordView>>().data;
    await call(other, editor, 'POST', `${BASE}/transitions/publish`, { id: record.id, version: record.version });
    expect(await searchTotal(t, '钙钛矿')).toBe(0);
    await publishOk((resource) => {
      resource['search'] = search;
    });
    expect(await searchTotal(t, '固态电解质')).toBe(1);
    expect(await searchTotal(other, '钙钛矿')).toBe(1);
  });

  it('narrows visitors live and refuses a widening with its reason', async () => {
    const anonymousDetail = async (app: TestApp, id: string) => app.app.inject({ method: 'GET', url: `${BASE}/detail?id=${id}` });
    const record = await published(item('毫米波雷达芯片流片成功', { featured: true }));
    expect((await anonymousDetail(other, record.id)).json<Envelope<{ data: Json }>>().data.data['featured']).toBe(true);
    expect(
      await refusedAt((resource) => {
        const visitors = resource['visitors'] as { states: string[] };
        visitors.states = [...visitors.states, 'unpublished'];
      }),
    ).toEqual([{ pointer: '/visitors', message: expect.stringContaining('会让原来看不到这些记录的人看到它们') }]);
    let fields: string[] = [];
    await publishOk((resource) => {
      const visitors = resource['visitors'] as { fields: string[] };
      fields = visitors.fields;
      visitors.fields = visitors.fields.filter((field) => field !== 'featured');
    });
    for (const app of [t, other]) {
      const detail = await anonymousDetail(app, record.id);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<Envelope<{ data: Json }>>().data.data['featured']).toBeUndefined();
    }
    // Putting the field back is a widening.
    expect(
      await refusedAt((resource) => {
        (resource['visitors'] as { fields: string[] }).fields = fields;
      }),
    ).toEqual([{ pointer: '/visitors', message: expect.stringContaining('visitors 新增字段 featured') }]);
  });

  it('adds a unique set live when the stored records do not repeat it, and refuses one they repeat, never naming a value', async () => {
    expect(
      await refusedAt((resource) => {
        resource['unique'] = [{ fields: ['org', 'category'], message: '该单位已有同类成果' }];
      }),
    ).toEqual([{ pointer: '/unique/0', message: expect.stringMatching(/^已保存的记录中有 1 组在 org、category 上取值相同/) }]);
    await publishOk((resource) => {
      resource['unique'] = [{ fields: ['title', 'category'], message: '该成果已登记' }];
    });
    for (const app of [t, other]) {
      const refused = await call(app, editor, 'POST', `${BASE}/create`, item('固态电解质材料完成中试'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<Refusal>().msg).toBe('该成果已登记');
    }
    await publishOk((resource) => {
      delete resource['unique'];
    });
    expect((await call(other, editor, 'POST', `${BASE}/create`, item('固态电解质材料完成中试'))).statusCode).toBe(200);
  });

  it('refuses permission, source, seal, grants and jurisdiction changes, each with its own reason at its key', async () => {
    const refusals = await refusedAt((resource) => {
      resource['permission'] = 'showcaseItem';
      resource['seal'] = true;
      (resource['grants'] as Record<string, string[]>)['reviewer'] = ['query'];
    });
    expect(refusals).toEqual(
      expect.arrayContaining([
        { pointer: '/permission', message: expect.stringContaining('角色的授权按权限标识 "showcase" 保存') },
        { pointer: '/seal', message: expect.stringContaining('已保存的记录因没有封签而显示为被篡改') },
        { pointer: '/grants', message: expect.stringContaining('发布不授予权限') },
      ]),
    );
    expect(refusals.every(({ message }) => !message.includes('除标题、英文文本'))).toBe(true);
    const narrowed = await refusedAt((resource) => {
      (resource['grants'] as Record<string, string[]>)['editor'] = ['add', 'update', 'query', 'get'];
    });
    expect(narrowed).toEqual([{ pointer: '/grants', message: expect.stringContaining('请在“角色管理”中收回') }]);
    expect(t.app.resources.get('showcase')?.resource.permission).toBe('showcase');
  });

  it('makes anonymousCreate live on the start-up create route of both processes: without it a visitor is 401, with it the form is checked', async () => {
    const folder = async (): Promise<Unit> =>
      (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=event-sign`)).json<Envelope<Unit>>().data;
    const publishSign = async (edit: (resource: Json) => void): Promise<void> => {
      const current = await folder();
      const resource = JSON.parse(current.files['resource.json'] ?? '{}') as Json;
      edit(resource);
      const done = await call(t, admin, 'POST', `${STUDIO}/publish`, {
        kind: 'resource',
        name: 'event-sign',
        files: { ...current.files, 'resource.json': JSON.stringify(resource) },
        baseVersion: current.version,
      });
      expect(done.statusCode, done.body).toBe(200);
      await other.app.schemaSync.poll();
    };
    const visitorCreates = (app: TestApp) => app.app.inject({ method: 'POST', url: '/api/resources/event-sign/create', payload: {} });
    expect((await visitorCreates(other)).statusCode).toBe(400);
    await publishSign((resource) => {
      delete resource['anonymousCreate'];
    });
    for (const app of [t, other]) expect((await visitorCreates(app)).statusCode).toBe(401);
    await publishSign((resource) => {
      resource['anonymousCreate'] = true;
    });
    for (const app of [t, other]) expect((await visitorCreates(app)).statusCode).toBe(400);
  });

  it('makes submitMode, QR codes and pages live: the definition and the pages call answer the new ones on the other process', async () => {
    await publishOk((resource) => {
      resource['submitMode'] = 'draft';
      resource['qrCodes'] = [{ title: '现场展示码', href: '/home/toshow/detail?id={id}' }];
      (resource['pages'] as Json[]).push({ path: '/home/toshow/latest', page: 'list', list: 'published', title: '最新成果' });
    });
    const definition = await other.app.inject({ method: 'GET', url: `${BASE}/definition` });
    expect(definition.json<Envelope<Json>>().data).toMatchObject({
      submitMode: 'draft',
      qrCodes: [expect.objectContaining({ title: '现场展示码' })],
    });
    const pages = await other.app.inject({ method: 'GET', url: '/api/resources/pages' });
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json<Envelope<{ pages: { path: string }[] }>>().data.pages.map((page) => page.path)).toContain('/home/toshow/latest');
  });
});

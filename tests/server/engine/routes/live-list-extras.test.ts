import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueValueIndexValid } from '../../../../src/server/engine/records/unique-value-index';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const NAME = 'lab-extras';
const BASE = `/api/resources/${NAME}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}

/*
 * ADR 0049: a list's summary and export, a source's row actions and a record type created in the studio
 * with x-unique, x-mask, a captcha field, a summary or an export are published without a restart.
 */
describe('list summaries, exports and new record types published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let applicant: TestUser;

  const unit = async (name = NAME): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=${name}`)).json<Envelope<Unit>>().data;
  const edited = (files: Record<string, string>, edit: (json: Record<string, Json | undefined>) => void): Record<string, string> => {
    const json: Record<string, Json | undefined> = Object.fromEntries(
      Object.entries(files).map(([file, text]) => [file, JSON.parse(text) as Json]),
    );
    edit(json);
    return Object.fromEntries(
      Object.entries(json).flatMap(([file, value]) => (value === undefined ? [] : [[file, JSON.stringify(value, null, 2)]])),
    );
  };
  const publish = async (edit: (json: Record<string, Json | undefined>) => void, name = NAME) => {
    const current = await unit(name);
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name,
      files: edited(current.files, edit),
      baseVersion: current.version,
    });
  };
  const publishOk = async (edit: (json: Record<string, Json | undefined>) => void, name = NAME): Promise<void> => {
    const published = await publish(edit, name);
    expect(published.statusCode, published.body).toBe(200);
  };
  const problems = async (edit: (json: Record<string, Json | undefined>) => void, name: string): Promise<Problem[]> => {
    const current = await unit(name);
    return (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name, files: edited(current.files, edit) })).json<
      Envelope<{ problems: Problem[] }>
    >().data.problems;
  };
  /** A record of `base` created by the applicant and published by them (the template's owner step). */
  const published = async (base: string, data: Json): Promise<string> => {
    const created = await call(t, applicant, 'POST', `${base}/create`, data);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<Envelope<{ id: string }>>().data.id;
    const moved = await call(t, applicant, 'POST', `${base}/transitions/publish`, { id, version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    admin = await createLoggedInUser(t, 'extrasadmin', 'admin');
    editor = await createLoggedInUser(t, 'extraseditor', 'editor');
    applicant = await createLoggedInUser(t, 'extrasapplicant', 'applicant');
    const created = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: NAME,
      title: '设备预约',
      from: { template: 'publication' },
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const title of ['扫描电镜', '扫描电镜', '质谱仪']) await published(BASE, { title });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await schemas?.cleanup();
  });

  it('serves a summary added live to the list readers, and 404s once it is removed', async () => {
    expect((await call(t, admin, 'POST', `${BASE}/lists/all/summary`, {})).statusCode).toBe(404);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], summary: { field: 'title', by: 'value' } };
    });
    const summary = await call(t, admin, 'POST', `${BASE}/lists/all/summary`, {});
    expect(summary.statusCode, summary.body).toBe(200);
    const entries = summary.json<Envelope<{ key: string; count: number }[]>>().data;
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ key: '扫描电镜', count: 2 })]));
    // The list's own request: its filters, checked live.
    expect((await call(t, admin, 'POST', `${BASE}/lists/all/summary`, { nothing: 1 })).statusCode).toBe(400);
    // A staff list: <permission>.query, deny by default.
    expect((await call(t, applicant, 'POST', `${BASE}/lists/all/summary`, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/lists/all/summary`, payload: {} })).statusCode).toBe(401);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], summary: undefined };
    });
    expect((await call(t, admin, 'POST', `${BASE}/lists/all/summary`, {})).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/lists/all/summary`, payload: {} })).statusCode).toBe(404);
  });

  it('downloads an export added live as an .xlsx, for <permission>.export only, and 404s once it is removed', async () => {
    expect((await call(t, admin, 'POST', `${BASE}/lists/all/export`, {})).statusCode).toBe(404);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], export: true };
    });
    const response = await call(t, admin, 'POST', `${BASE}/lists/all/export`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    const titles: unknown[] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1) titles.push(row.getCell(1).value);
    });
    expect(titles.sort()).toEqual(['扫描电镜', '扫描电镜', '质谱仪']);
    // The editor holds no labExtras.export; the applicant neither; a visitor is 401.
    expect((await call(t, editor, 'POST', `${BASE}/lists/all/export`, {})).statusCode).toBe(403);
    expect((await call(t, applicant, 'POST', `${BASE}/lists/all/export`, {})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/lists/all/export`, payload: {} })).statusCode).toBe(401);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], export: undefined };
    });
    expect((await call(t, admin, 'POST', `${BASE}/lists/all/export`, {})).statusCode).toBe(404);
  });

  it('removes a start-up export live: its static route answers 404', async () => {
    const url = '/api/resources/credit/lists/all/export';
    expect((await call(t, admin, 'POST', url, {})).statusCode).toBe(200);
    await publishOk((json) => {
      json['lists/all.list.json'] = { ...json['lists/all.list.json'], export: undefined };
    }, 'credit');
    expect((await call(t, admin, 'POST', url, {})).statusCode).toBe(404);
  });

  it("weighs a source folder's new row actions against the transitions its module takes", async () => {
    const current = await unit('application');
    const mine = JSON.parse(current.files['lists/mine.list.json'] ?? '{}') as Json;
    const taken = (mine['rowActions'] ?? []) as string[];
    // The module's own row actions, on a new list: live.
    expect(await problems((json) => void (json['lists/mine2.list.json'] = { ...mine, title: '我的申请（二）' }), 'application')).toEqual(
      [],
    );
    // A transition of the folder's workflow that its module does not take (the start-up check's rule, now at publication).
    const folder = t.app.resources.get('application');
    const source = t.app.listSources.get(folder?.resource.source ?? '');
    const notTaken = Object.keys(folder?.workflow.transitions ?? {}).find((name) => !source?.transitions?.[name]);
    expect(notTaken).toBeDefined();
    const refused = await problems(
      (json) => void (json['lists/mine2.list.json'] = { ...mine, title: '我的申请（二）', rowActions: [...taken, notTaken ?? ''] }),
      'application',
    );
    expect(refused).toEqual([
      expect.objectContaining({
        file: 'resources/application/lists/mine2.list.json',
        message: expect.stringContaining(`不提供流转 "${notTaken ?? ''}"`),
      }),
    ]);
  });

  it('creates a record type with x-unique, x-mask, a summary and an export, served at once', async () => {
    // A folder given them live (ADR 0045, this ADR), then copied: the copy is a new folder with all of them.
    await publishOk((json) => {
      const record = json['record.schema.json'] as { properties: Record<string, Json> };
      record.properties['code'] = { type: 'string', title: '设备编号', maxLength: 20, 'x-unique': true, 'x-order': 5 };
      record.properties['phone'] = { type: 'string', title: '联系电话', pattern: '^1\\d{10}$', 'x-mask': 'phone', 'x-order': 6 };
      json['lists/all.list.json'] = {
        ...json['lists/all.list.json'],
        summary: { field: 'title', by: 'value' },
        export: true,
        columns: [{ field: 'title' }, { field: 'phone' }],
      };
    });
    const copy = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'lab-extras-copy',
      title: '设备预约（副本）',
      from: { copy: NAME },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(await uniqueValueIndexValid(t.app.database, 'code')).toBe(true);
    const base = '/api/resources/lab-extras-copy';
    const id = await published(base, { title: '透射电镜', code: 'TEM-01', phone: '13912340001' });
    const duplicate = await call(t, applicant, 'POST', `${base}/create`, { title: '透射电镜二', code: ' TEM-01 ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ errors: { path: string; keyword: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'code', keyword: 'x-unique' }),
    ]);
    const list = await call(t, admin, 'POST', `${base}/lists/all`, {});
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Envelope<{ records: { data: Json }[] }>>().data.records[0]?.data['phone']).toBe('139****0001');
    const unmasked = await call(t, admin, 'GET', `${base}/records/${id}/unmasked`);
    expect(unmasked.statusCode, unmasked.body).toBe(200);
    expect(unmasked.json<Envelope<{ fields: Json }>>().data.fields).toEqual({ phone: '13912340001' });
    expect((await call(t, admin, 'POST', `${base}/lists/all/summary`, {})).statusCode).toBe(200);
    const exported = await call(t, admin, 'POST', `${base}/lists/all/export`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).getCell(2).value).toBe('139****0001');
  });

  it('creates a record type with a captcha field and anonymous create, and still refuses what only a start builds, saying why', async () => {
    const need = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'need-copy',
      title: '需求副本',
      from: { copy: 'need' },
    });
    expect(need.statusCode, need.body).toBe(200);
    const captcha = await t.app.inject({ method: 'GET', url: '/api/resources/need-copy/captcha' });
    expect(captcha.statusCode, captcha.body).toBe(200);
    // A module's records (`source`) are wired in at start-up (import is live on a created record type since ADR 0050).
    const business = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'business-copy',
      title: '业务副本',
      from: { copy: 'business' },
    });
    expect(business.statusCode).toBe(400);
    const refused = business.json<Envelope<{ problems: Problem[] }>>().data.problems;
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/source', message: expect.stringContaining('数据来源（source）的记录由服务器模块保存') }),
      ]),
    );
    expect(refused.every((problem) => problem.message.includes('重启门户'))).toBe(true);
  });

  it('adds and removes aliases of the matching calls live; a folder without matching is refused with the reason', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/resources/policy-rule/rules' });
    expect(direct.statusCode, direct.body).toBe(200);
    const aliasesOf = (json: Record<string, Json | undefined>): Json[] => (json['resource.json']?.['aliases'] ?? []) as Json[];
    // A new path for the public rules: forwarded to the folder's own matching route.
    await publishOk((json) => {
      json['resource.json'] = {
        ...json['resource.json'],
        aliases: [...aliasesOf(json), { method: 'GET', path: '/sys/api/pub/policyRules2', action: 'rules' }],
      };
    }, 'policy-rule');
    const forwarded = await t.app.inject({ method: 'GET', url: '/api/sys/api/pub/policyRules2' });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.json()).toEqual(direct.json());
    // A start-up alias removed answers 404; put back, it serves again.
    const withoutStartUp = (json: Record<string, Json | undefined>): Json[] =>
      aliasesOf(json).filter((alias) => alias['path'] !== '/sys/api/pub/policyResolveList');
    await publishOk((json) => {
      json['resource.json'] = { ...json['resource.json'], aliases: withoutStartUp(json) };
    }, 'policy-rule');
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/api/pub/policyResolveList' })).statusCode).toBe(404);
    await publishOk((json) => {
      json['resource.json'] = {
        ...json['resource.json'],
        aliases: [...withoutStartUp(json), { method: 'GET', path: '/sys/api/pub/policyResolveList', action: 'rules' }],
      };
    }, 'policy-rule');
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/api/pub/policyResolveList' })).statusCode).toBe(200);
    // A folder without matching has no matching route to forward to: the folder check says so.
    const refused = await problems((json) => {
      json['resource.json'] = { ...json['resource.json'], aliases: [{ method: 'POST', path: '/sys/api/lab/match', action: 'match' }] };
    }, NAME);
    expect(refused).toEqual([
      expect.objectContaining({ pointer: '/aliases/0/action', message: expect.stringContaining('需要 resource.json 的 matching') }),
    ]);
  });
});

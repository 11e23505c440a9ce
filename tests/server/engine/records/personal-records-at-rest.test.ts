import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { auditLog, records } from '../../../../src/server/db/schema';
import { resealRecords } from '../../../../src/server/engine/records/reseal-records';
import { demoIdNumber } from '../../../../src/server/seed/demo-credit-rows';
import { rotatePersonalKeys } from '../../../../src/server/seed/rotate-personal-keys';
import { personalCipherOf } from '../../../../src/server/services/crypto/personal-cipher';
import { makeSchemasDir, multipartBody } from '../../helpers/activity-fixtures';
import { clearPersonalNumbers } from '../../helpers/clear-personal-numbers';
import { creditWorkbook } from '../../helpers/credit-workbook';
import { call, creditRecordData, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * SECURITY R34, ADR 0070: the personal fields (x-mask) of resource records are stored sealed with SM4,
 * with a blind index for exact matches. On the demo data: a raw SQL read of records and users shows no
 * identity number or phone in clear; the portal still finds a credit record by its identity number,
 * keeps it unique (x-unique), refuses an Excel row holding it, and an authorised unmask shows it with a
 * PI_VIEW row; then keys:rotate, and the same again. The credit folder here has x-unique on the identity
 * number and a list filter on it (a copy of the repository's schemas), which the demo folder does not.
 */
const CREDIT = '/api/integrity/app/credit/info';
const LIST = '/api/resources/credit/lists/all';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// A valid resident identity number (its check character holds) no demo record uses.
const ID_NUMBER = '110105199003071239';

let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
let t: TestApp;
let officer: TestUser;
let admin: TestUser;
let created: RecordView;

/** Every row of a table (or a query's) as SQL reads it, whatever the portal would make of it. */
async function stored(table: string): Promise<string> {
  return JSON.stringify((await t.database.executeSql(table.startsWith('SELECT') ? table : `SELECT * FROM ${table}`)).rows);
}

/*
 * The acceptance's scan: no identity number or mobile number written in full in records or users, the
 * 需求对接 contact phone included: shown whole to the need's owner, it is sealed through x-personal (ADR 0072).
 */
const SCANNED = ['records', 'users'];

async function nothingInClear(): Promise<void> {
  for (const table of SCANNED) {
    const text = await stored(table);
    expect(text).not.toContain(ID_NUMBER);
    expect(clearPersonalNumbers(text), table).toEqual([]);
  }
}

async function importSheet(file: Buffer) {
  const body = multipartBody({}, { filename: '信用信息.xlsx', content: file, contentType: XLSX });
  const response = await t.app.inject({
    method: 'POST',
    url: `${CREDIT}/import-excel`,
    headers: { ...officer.auth, ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<{ errors?: { row: number; column?: string }[] }>>() };
}

/** What the portal does with the identity number, sealed: find, keep unique, match on import, unmask. */
async function portalStillWorks(): Promise<void> {
  // Found by the whole number, written with spaces too; part of it finds nothing (sealed, it matches exactly).
  for (const asked of [ID_NUMBER, `${ID_NUMBER.slice(0, 6)} ${ID_NUMBER.slice(6)}`]) {
    const found = await call<{ total: number; records: RecordView[] }>(t, officer, 'POST', LIST, { idNumber: asked });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.records.map((record) => record.id)).toEqual([created.id]);
    expect(found.body.data.records[0]?.data['idNumber']).toBe('110105********1239');
  }
  const part = await call<{ total: number }>(t, officer, 'POST', LIST, { idNumber: ID_NUMBER.slice(0, 10) });
  expect(part.body.data.total).toBe(0);
  // x-unique: a second record with the number is refused with the existing error, on its field.
  const again = await call(t, officer, 'POST', `${CREDIT}/save`, creditRecordData({ subjectName: '另一人' }));
  expect(again.status).toBe(400);
  expect(again.body.errors).toEqual([expect.objectContaining({ path: 'idNumber', keyword: 'x-unique' })]);
  // The import matches a sheet's row on it: the row holding the number is refused, nothing is stored.
  const sheet = await creditWorkbook(2, (n, row) => (n === 0 ? row.map((cell, index) => (index === 2 ? ID_NUMBER : cell)) : row));
  const imported = await importSheet(sheet);
  expect(imported.status).toBe(400);
  expect(imported.body.data.errors).toEqual([expect.objectContaining({ row: 2, column: 'C' })]);
  // An authorised unmask shows it in full, with its PI_VIEW row.
  const before = (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'PI_VIEW'), eq(auditLog.objectId, created.id)))
  ).length;
  const unmasked = await call<{ data: Record<string, unknown> }>(t, admin, 'GET', `/api/resources/credit/records/${created.id}/unmasked`);
  expect(unmasked.status).toBe(200);
  expect(JSON.stringify(unmasked.body.data)).toContain(ID_NUMBER);
  const after = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, 'PI_VIEW'), eq(auditLog.objectId, created.id)));
  expect(after).toHaveLength(before + 1);
  // The officer who entered it reads it whole in the detail, as before.
  const detail = await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${created.id}`);
  expect(detail.body.data.data['idNumber']).toBe(ID_NUMBER);
}

beforeAll(async () => {
  schemas = await makeSchemasDir([], { repoActivities: true });
  const recordFile = join(schemas.dir, 'resources/credit/record.schema.json');
  const record = JSON.parse(await readFile(recordFile, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
  record.properties['idNumber'] = { ...record.properties['idNumber'], 'x-unique': true };
  await writeFile(recordFile, JSON.stringify(record));
  const listFile = join(schemas.dir, 'resources/credit/lists/all.list.json');
  const list = JSON.parse(await readFile(listFile, 'utf8')) as { filters: { field: string }[] };
  list.filters.push({ field: 'idNumber' });
  await writeFile(listFile, JSON.stringify(list));
  t = await createTestApp({ schemasDir: schemas.dir, seedDemoUsers: true });
  officer = await createLoggedInUser(t, 'officer', 'integrity');
  admin = await createLoggedInUser(t, 'admin', 'admin');
  const draft = await call<RecordView>(t, officer, 'POST', `${CREDIT}/save`, creditRecordData());
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  const published = await call<RecordView>(t, officer, 'POST', '/api/resources/credit/transitions/publish', {
    id: draft.body.data.id,
    version: draft.body.data.version,
  });
  expect(published.status).toBe(200);
  created = published.body.data;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await schemas?.cleanup();
});

describe('personal fields of records at rest (SECURITY R34, ADR 0070)', () => {
  it('stores the demo records’ and a new record’s numbers sealed, each with its blind index', async () => {
    await nothingInClear();
    const [row] = await t.db.select().from(records).where(eq(records.id, created.id));
    expect(row?.data['idNumber']).toMatch(/^kc1:k[0-9a-f]{8}:/);
    expect(row?.blind).toEqual({ idNumber: personalCipherOf(t.db).blindIndex('idNumber', ID_NUMBER) });
    // The demo's phones (event sign-ups, needs, invitations) are sealed too, not only the credit numbers.
    const phones = await t.database.executeSql(`SELECT count(*)::int AS n FROM records WHERE blind ? 'contactPhone' OR blind ? 'phone'`);
    expect((phones.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it('finds, keeps unique, matches on import and unmasks the sealed identity number', async () => {
    await portalStillWorks();
  });

  it('seals at the next start a record written in clear before encryption, and finds it', async () => {
    const legacy = '11010519900307127X';
    await t.db.execute(
      sql`UPDATE records SET data = jsonb_set(data, '{idNumber}', to_jsonb(${legacy}::text)), blind = NULL WHERE id = ${created.id}`,
    );
    expect(await stored('records')).toContain(legacy);
    expect(await resealRecords(t.db, t.app.resources.list())).toBe(1);
    expect(await stored('records')).not.toContain(legacy);
    const found = await call<{ records: RecordView[] }>(t, officer, 'POST', LIST, { idNumber: legacy });
    expect(found.body.data.records.map((record) => record.id)).toEqual([created.id]);
    // Back to the number the other checks use; the integrity seal was over what the record says, and still holds.
    await t.db.execute(
      sql`UPDATE records SET data = jsonb_set(data, '{idNumber}', to_jsonb(${ID_NUMBER}::text)), blind = NULL WHERE id = ${created.id}`,
    );
    expect(await resealRecords(t.db, t.app.resources.list())).toBe(1);
    const detail = await call<RecordView & { integrity?: string }>(t, officer, 'GET', `${CREDIT}/detail?id=${created.id}`);
    expect(detail.body.data.integrity).toBeUndefined();
  });

  it('keeps an Idempotency-Key’s stored answer sealed, and replays it whole', async () => {
    const idNumber = demoIdNumber(123_456);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: `${CREDIT}/save`,
        headers: { ...officer.auth, 'idempotency-key': 'seal-at-rest-0001' },
        payload: creditRecordData({ idNumber, subjectName: '幂等测试' }),
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain(idNumber);
    const again = await create();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const kept = await stored('idempotency_keys');
    expect(kept).toContain('kc1:');
    expect(kept).not.toContain(idNumber);
    expect(clearPersonalNumbers(kept)).toEqual([]);
  });

  it('keys:rotate re-seals every record under the new key, and the portal works as before', async () => {
    const before = await personalCipherOf(t.db).currentKeyId();
    const { keyId, resealed } = await rotatePersonalKeys(t.db, { resources: t.app.resources.list() });
    expect(keyId).not.toBe(before);
    expect(resealed.records).toBeGreaterThan(0);
    const text = await stored('records');
    expect(text).not.toContain(`kc1:${before}:`);
    expect(text).toContain(`kc1:${keyId}:`);
    await nothingInClear();
    await portalStillWorks();
  });
});

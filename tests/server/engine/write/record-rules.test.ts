import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree } from '../../../../scripts/lib/check-schema-tree';
import { importColumns } from '../../../../src/shared/resource/import-columns';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { records, userUnits } from '../../../../src/server/db/schema';
import { compileRecordRules, recordRulesOf } from '../../../../src/server/engine/write/record-rules';
import type { RecordRule } from '../../../../src/server/engine/write/record-rule';
import type { CompiledResource } from '../../../../src/server/engine/units/resource-registry';
import { linkUserUnit, selectUserUnit, setUnitAdmin } from '../../../../src/server/services/users/user-units';
import { multipartBody } from '../../helpers/activity-fixtures';
import { call, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * One rule list for every record write (issue 29): the fixture folders (tests/fixtures/record-rules)
 * declare a target with an effect, a jurisdiction, an organisation owner, a unique set and an import,
 * and each rule is shown refusing (or acting) on create, update, transition and import, before and
 * after a studio publication of the folder.
 */
const RULES_FIXTURES = fileURLToPath(new URL('../../../fixtures/record-rules', import.meta.url));
const SEMINAR = '/api/resources/rules-seminar';
const SIGNUP = '/api/resources/rules-signup';
const UNIT = '江城大学';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let schemasDir: string;
let t: TestApp;
/** An applicant in 江城大学, which is their current unit. */
let writer: TestUser;
/** An applicant with no current unit. */
let unplaced: TestUser;
/** Imports and accepts sign-ups everywhere; current unit 江城大学. */
let reviewer: TestUser;
// Resource folders are published by the administrator (ADR 0041).
let admin: TestUser;
let seminarSerial = 0;

async function inUnit(user: TestUser, unitName: string): Promise<TestUser> {
  await selectUserUnit(t.db, user.id, await linkUserUnit(t.db, user.id, unitName));
  return user;
}

/** A new seminar open for sign-up: a target, with so many places when given. */
async function seminar(places?: number): Promise<string> {
  seminarSerial += 1;
  const code = `S-${String(seminarSerial).padStart(3, '0')}`;
  const { status, body } = await call<RecordView>(t, writer, 'POST', `${SEMINAR}/create`, {
    code,
    topic: '新型储能材料研讨会',
    ...(places === undefined ? {} : { places }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return code;
}

let phoneSerial = 0;
function signup(seminarCode: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  phoneSerial += 1;
  return { seminarCode, name: '刘洋', phone: `1390000${String(1000 + phoneSerial).slice(-4)}`, unit: UNIT, ...overrides };
}

async function create(user: TestUser, data: Record<string, unknown>): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${SIGNUP}/create`, data);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

function refusedOn(response: { status: number; body: Envelope<unknown> }, path: string, keyword: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.errors).toEqual([expect.objectContaining({ path, keyword })]);
}

async function signupCount(): Promise<number> {
  const rows = await t.db.select({ n: count() }).from(records).where(eq(records.resource, 'rules-signup'));
  return rows[0]?.n ?? 0;
}

async function seminarStatus(code: string): Promise<string | undefined> {
  const rows = await t.db.select({ status: records.status, data: records.data }).from(records).where(eq(records.resource, 'rules-seminar'));
  return rows.find((row) => row.data['code'] === code)?.status;
}

/** An .xlsx of sign-up rows under the template's headings. */
async function workbook(rows: Record<string, unknown>[]): Promise<Buffer> {
  const resource = t.app.resources.get('rules-signup');
  if (!resource) throw new Error('rules-signup is not live');
  const columns = importColumns(resource.record);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入数据');
  sheet.addRow(columns.map((column) => (column.required ? `*${column.title}` : column.title)));
  for (const row of rows) sheet.addRow(columns.map((column) => String(row[column.field] ?? '')));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importRows(
  user: TestUser,
  rows: Record<string, unknown>[],
): Promise<{ status: number; body: Envelope<{ imported?: number; row?: number }> }> {
  const body = multipartBody({}, { filename: '报名.xlsx', content: await workbook(rows), contentType: XLSX });
  const response = await t.app.inject({
    method: 'POST',
    url: `${SIGNUP}/import`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<{ imported?: number; row?: number }>>() };
}

/** Each rule of a list as key:phases, e.g. "target:check". */
function shape(rules: readonly RecordRule[]): string[] {
  return rules.map(
    (rule) =>
      `${rule.key}:${[rule.check && 'check', rule.afterWrite && 'afterWrite', rule.afterTransition && 'afterTransition'].filter(Boolean).join('+')}`,
  );
}

function live(name: string): CompiledResource {
  const resource = t.app.resources.get(name);
  if (!resource) throw new Error(`${name} is not live`);
  return resource;
}

beforeAll(async () => {
  schemasDir = await mkdtemp(join(tmpdir(), 'kechuang-rules-'));
  await cp(REPO_SCHEMAS_DIR, schemasDir, { recursive: true });
  await cp(RULES_FIXTURES, join(schemasDir, 'resources'), { recursive: true });
  t = await createTestApp({ schemasDir });
  writer = await inUnit(await createLoggedInUser(t, 'writer'), UNIT);
  unplaced = await createLoggedInUser(t, 'unplaced');
  reviewer = await inUnit(await createLoggedInUser(t, 'rev', 'reviewer'), UNIT);
  admin = await createLoggedInUser(t, 'admin', 'admin');
});

afterAll(async () => {
  await t.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe('the fixture folders', () => {
  it('pass schemas:check and start', async () => {
    expect(await checkSchemaTree(schemasDir)).toEqual([]);
    expect(t.app.resources.skipped()).toEqual([]);
    expect(live('rules-signup').resource.import).toEqual({});
  });
});

describe('compileRecordRules', () => {
  it("builds each folder's list from its resource.json, checks first and effects in their order", () => {
    expect(shape(compileRecordRules(live('rules-signup')))).toEqual([
      'target:check',
      'jurisdiction:check',
      'owner:check',
      'unique:afterWrite',
      'target.capacity:afterWrite+afterTransition',
      'target:afterTransition',
    ]);
    expect(shape(compileRecordRules(live('credit')))).toEqual(['jurisdiction:check']);
    // Its decisions tell the owner, the unit's administrators and the reviewers (workflow notify, issue 31).
    expect(shape(compileRecordRules(live('credit-fix')))).toEqual([
      'target:check',
      'owner:check',
      'target:afterTransition',
      'notify:afterTransition',
    ]);
    expect(shape(compileRecordRules(live('event-sign')))).toEqual(['target:check', 'unique:afterWrite']);
    expect(shape(compileRecordRules(live('event-signup')))).toEqual([
      'target:check',
      'unique:afterWrite',
      'target.capacity:afterWrite+afterTransition',
    ]);
    // Its credit code is x-unique: looked up again under a lock after the write (ADR 0052).
    expect(shape(compileRecordRules(live('check-in')))).toEqual([
      'organisation:afterTransition',
      'x-unique:afterWrite+afterTransition',
      'notify:afterTransition',
    ]);
    // A joining record's organisation is the one it names: no owner rule beside it.
    expect(shape(compileRecordRules(live('user-org')))).toEqual(['organisation:check+afterTransition']);
    expect(compileRecordRules(live('message'))).toEqual([]);
  });

  it('is compiled once per version of the folder', () => {
    expect(recordRulesOf(live('rules-signup'))).toBe(recordRulesOf(live('rules-signup')));
  });
});

describe('create', () => {
  it('runs target, jurisdiction, owner and unique', async () => {
    const code = await seminar();
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup('S-404')), 'seminarCode', 'target');
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup(code, { unit: '别的大学' })), 'unit', 'jurisdiction');
    const noUnit = await call(t, unplaced, 'POST', `${SIGNUP}/create`, signup(code, { unit: '测试科技有限公司' }));
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.reason).toBe('noCurrentUnit');
    const first = signup(code);
    const created = await create(writer, first);
    const [stored] = await t.db.select({ orgId: records.orgId }).from(records).where(eq(records.id, created.id));
    expect(stored?.orgId).toBeTruthy();
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, { ...first, name: '陈思远' }), 'phone', 'unique');
    expect(await signupCount()).toBeGreaterThan(0);
  });
});

describe('update', () => {
  it("runs target, jurisdiction and unique, and keeps the record's unit", async () => {
    const code = await seminar();
    const taken = signup(code);
    await create(writer, taken);
    const mine = await create(writer, signup(code));
    const update = (data: Record<string, unknown>) =>
      call<RecordView>(t, writer, 'POST', `${SIGNUP}/update`, { id: mine.id, version: mine.version, data });
    refusedOn(await update({ ...mine.data, seminarCode: 'S-404' }), 'seminarCode', 'target');
    refusedOn(await update({ ...mine.data, unit: '别的大学' }), 'unit', 'jurisdiction');
    refusedOn(await update({ ...mine.data, phone: taken['phone'] }), 'phone', 'unique');
    const [before] = await t.db.select({ orgId: records.orgId }).from(records).where(eq(records.id, mine.id));
    const changed = await update({ ...mine.data, name: '黄丽娟' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [after] = await t.db.select({ orgId: records.orgId }).from(records).where(eq(records.id, mine.id));
    expect(after?.orgId).toBe(before?.orgId);
  });
});

describe('transition', () => {
  it("runs the target effect in the transition's transaction", async () => {
    const code = await seminar();
    const record = await create(writer, signup(code));
    const submitted = await call<RecordView>(t, writer, 'POST', `${SIGNUP}/transitions/submit`, { id: record.id, version: record.version });
    expect(submitted.status).toBe(200);
    expect(await seminarStatus(code)).toBe('open');
    const accepted = await call<RecordView>(t, reviewer, 'POST', `${SIGNUP}/transitions/accept`, {
      id: submitted.body.data.id,
      version: submitted.body.data.version,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await seminarStatus(code)).toBe('closed');
    // A closed seminar is no target any more: the check on create says so.
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup(code)), 'seminarCode', 'target');
  });

  it('runs the organisation rule: a join names a settled unit on create and update, and approval makes a member', async () => {
    const unitId = await linkUserUnit(t.db, reviewer.id, '江城光电材料科技有限公司');
    const orgAdmin = await createLoggedInUser(t, 'orgadmin');
    await linkUserUnit(t.db, orgAdmin.id, '江城光电材料科技有限公司');
    await setUnitAdmin(t.db, orgAdmin.id, unitId, true);
    const joiner = await createLoggedInUser(t, 'joiner');
    const request = { orgName: '江城光电材料科技有限公司', department: '光学薄膜研发部', position: '工艺工程师' };
    refusedOn(
      await call(t, joiner, 'POST', '/api/resources/user-org/create', { ...request, orgName: '没有这家单位' }),
      'orgName',
      'organisation',
    );
    const created = await call<RecordView>(t, joiner, 'POST', '/api/resources/user-org/create', request);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    refusedOn(
      await call(t, joiner, 'POST', '/api/resources/user-org/update', {
        id: created.body.data.id,
        version: created.body.data.version,
        data: { ...request, orgName: '没有这家单位' },
      }),
      'orgName',
      'organisation',
    );
    const approved = await call<RecordView>(t, orgAdmin, 'POST', '/api/resources/user-org/transitions/approve', {
      id: created.body.data.id,
      version: created.body.data.version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(
      await t.db
        .select()
        .from(userUnits)
        .where(and(eq(userUnits.userId, joiner.id), eq(userUnits.unitId, unitId))),
    ).toHaveLength(1);
  });
});

describe('target.capacity', () => {
  const transition = (user: TestUser, name: string, record: Pick<RecordView, 'id' | 'version'>) =>
    call<RecordView>(t, user, 'POST', `${SIGNUP}/transitions/${name}`, { id: record.id, version: record.version });

  it("refuses a create beyond the places, on the target field in the folder's words; a seminar without places takes any number", async () => {
    const code = await seminar(2);
    await create(writer, signup(code));
    await create(writer, signup(code));
    const full = await call(t, writer, 'POST', `${SIGNUP}/create`, signup(code));
    refusedOn(full, 'seminarCode', 'targetCapacity');
    expect(full.body.msg).toBe('这场研讨会的名额已满');
    expect(full.body.errors).toEqual([expect.objectContaining({ params: { limit: 2 } })]);
    const english = await t.app.inject({
      method: 'POST',
      url: `${SIGNUP}/create`,
      headers: { ...writer.auth, 'accept-language': 'en-US' },
      payload: signup(code),
    });
    expect(english.json<Envelope<unknown>>().msg).toBe('This seminar is full');
    const open = await seminar();
    for (let i = 0; i < 3; i += 1) await create(writer, signup(open));
  });

  it('lets an update keep its place on a full seminar and refuses moving to a full one', async () => {
    const full = await seminar(1);
    const kept = await create(writer, signup(full));
    const renamed = await call<RecordView>(t, writer, 'POST', `${SIGNUP}/update`, {
      id: kept.id,
      version: kept.version,
      data: { ...kept.data, name: '黄丽娟' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const other = await create(writer, signup(await seminar(1)));
    const moved = await call(t, writer, 'POST', `${SIGNUP}/update`, {
      id: other.id,
      version: other.version,
      data: { ...other.data, seminarCode: full },
    });
    refusedOn(moved, 'seminarCode', 'targetCapacity');
  });

  it('frees a place when a sign-up leaves the states holding one, and refuses taking it back once it is gone', async () => {
    const code = await seminar(1);
    const first = await create(writer, signup(code));
    const submitted = (await transition(writer, 'submit', first)).body.data;
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup(code)), 'seminarCode', 'targetCapacity');
    const withdrawn = await transition(writer, 'withdraw', submitted);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    await create(writer, signup(code));
    const back = await transition(writer, 'resubmit', withdrawn.body.data);
    refusedOn(back, 'seminarCode', 'targetCapacity');
    const [row] = await t.db.select({ status: records.status }).from(records).where(eq(records.id, first.id));
    expect(row?.status).toBe('withdrawn');
  });

  it('refuses the import row beyond the places, naming it, and stores none of the file', async () => {
    const code = await seminar(2);
    await create(writer, signup(code));
    const before = await signupCount();
    const refused = await importRows(reviewer, [signup(code), signup(code)]);
    refusedOn(refused, 'seminarCode', 'targetCapacity');
    expect(refused.body.msg).toBe('第 3 行：这场研讨会的名额已满');
    expect(await signupCount()).toBe(before);
  });

  it('lets one of two sign-ups for the last place through at once', async () => {
    const code = await seminar(1);
    const answers = await Promise.all([1, 2].map(() => call(t, writer, 'POST', `${SIGNUP}/create`, signup(code))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.errors?.[0]?.keyword).toBe('targetCapacity');
  });
});

describe('import', () => {
  it('refuses a row without its target, naming the sheet row, and stores nothing', async () => {
    const code = await seminar();
    const before = await signupCount();
    const refused = await importRows(reviewer, [signup(code), signup('S-404')]);
    refusedOn(refused, 'seminarCode', 'target');
    expect(refused.body.msg).toBe('第 3 行：没有找到正在报名的研讨会，请核对研讨会编号');
    expect(refused.body.data.row).toBe(3);
    expect(await signupCount()).toBe(before);
  });

  it('refuses a row that breaks a unique set, against a stored record or another row of the file', async () => {
    const code = await seminar();
    const stored = signup(code);
    await create(writer, stored);
    const before = await signupCount();
    const againstStored = await importRows(reviewer, [signup(code), signup(code), { ...stored, name: '陈思远' }]);
    refusedOn(againstStored, 'phone', 'unique');
    expect(againstStored.body.data.row).toBe(4);
    const twice = signup(code);
    const withinFile = await importRows(reviewer, [twice, signup(code), { ...twice, name: '孙婷' }]);
    refusedOn(withinFile, 'phone', 'unique');
    expect(withinFile.body.msg).toBe('第 4 行：这个手机号已经报名过这场研讨会');
    expect(await signupCount()).toBe(before);
  });

  it("refuses a row outside the importer's units and an importer with no current unit", async () => {
    const code = await seminar();
    const officer = await inUnit(await createLoggedInUser(t, 'officer', 'unitIntegrity'), UNIT);
    const outside = await importRows(officer, [signup(code, { unit: '别的大学' })]);
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('只能录入本单位');
    const placeless = await createLoggedInUser(t, 'placeless', 'reviewer');
    const noUnit = await importRows(placeless, [signup(code)]);
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.reason).toBe('noCurrentUnit');
  });

  it("imports clean rows into the importer's current unit, all at once", async () => {
    const code = await seminar();
    const before = await signupCount();
    const imported = await importRows(reviewer, [signup(code), signup(code)]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data.imported).toBe(2);
    expect(await signupCount()).toBe(before + 2);
    const rows = await t.db.select({ orgId: records.orgId }).from(records).where(eq(records.resource, 'rules-signup'));
    expect(rows.every((row) => row.orgId !== null)).toBe(true);
  });
});

describe('a studio publication of the folder', () => {
  it('recompiles the list, and every path runs it', async () => {
    const resource = live('rules-signup');
    const rulesBefore = recordRulesOf(resource);
    const versionBefore = resource.version;
    const unit = (
      await call<{ version: string; files: Record<string, string> }>(t, admin, 'GET', '/api/studio/unit?kind=resource&name=rules-signup')
    ).body.data;
    const folder = JSON.parse(unit.files['resource.json'] ?? '{}') as Record<string, unknown>;
    const record = JSON.parse(unit.files['record.schema.json'] ?? '{}') as { properties: Record<string, Record<string, unknown>> };
    record.properties['name'] = { ...record.properties['name'], maxLength: 10 };
    const files = {
      ...unit.files,
      'resource.json': JSON.stringify({ ...folder, title: '研讨会报名登记' }, null, 2),
      'record.schema.json': JSON.stringify(record, null, 2),
    };
    const published = await call(t, admin, 'POST', '/api/studio/publish', {
      kind: 'resource',
      name: 'rules-signup',
      files,
      baseVersion: unit.version,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(resource.version).not.toBe(versionBefore);
    expect(resource.resource.title).toBe('研讨会报名登记');

    const rulesAfter = recordRulesOf(resource);
    expect(rulesAfter).not.toBe(rulesBefore);
    expect(shape(rulesAfter)).toEqual(shape(rulesBefore));

    const code = await seminar();
    const first = signup(code);
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup('S-404')), 'seminarCode', 'target');
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, signup(code, { unit: '别的大学' })), 'unit', 'jurisdiction');
    const record1 = await create(writer, first);
    refusedOn(await call(t, writer, 'POST', `${SIGNUP}/create`, { ...first, name: '陈思远' }), 'phone', 'unique');
    refusedOn(
      await call(t, writer, 'POST', `${SIGNUP}/update`, {
        id: record1.id,
        version: record1.version,
        data: { ...first, seminarCode: 'S-404' },
      }),
      'seminarCode',
      'target',
    );
    const importNoTarget = await importRows(reviewer, [signup('S-404')]);
    refusedOn(importNoTarget, 'seminarCode', 'target');
    expect(importNoTarget.body.data.row).toBe(2);
    refusedOn(await importRows(reviewer, [{ ...first, name: '孙婷' }]), 'phone', 'unique');
    const submitted = await call<RecordView>(t, writer, 'POST', `${SIGNUP}/transitions/submit`, {
      id: record1.id,
      version: record1.version,
    });
    expect(
      (
        await call(t, reviewer, 'POST', `${SIGNUP}/transitions/accept`, {
          id: submitted.body.data.id,
          version: submitted.body.data.version,
        })
      ).status,
    ).toBe(200);
    expect(await seminarStatus(code)).toBe('closed');
  });
});

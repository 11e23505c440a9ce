import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { loadRecordSealKey, SEAL_KEY_FILE } from '../../../src/server/config/record-seal-key';
import { auditLog, records } from '../../../src/server/db/schema';
import { call, creditRecordData } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * SECURITY R34 on 信用信息 and 信用修复 (resource.json seal): every write seals the record with an HMAC
 * under a key outside the database; a record changed directly in SQL reads as TAMPERED (never a 5xx),
 * leaves a DATA_INTEGRITY_VIOLATION audit row, and cannot be written over (409).
 */
let t: TestApp;
let officer: TestUser;

const CREDIT = '/api/integrity/app/credit/info';

beforeAll(async () => {
  t = await createTestApp();
  officer = await createLoggedInUser(t, 'officer', 'integrity');
});
afterAll(async () => t.close());

describe('sealed credit records', () => {
  it("reads a record changed behind the engine's back as TAMPERED, audits it, and refuses writes over it", async () => {
    const saved = (await call<RecordView>(t, officer, 'POST', `${CREDIT}/save`, creditRecordData())).body.data;
    const stored = (await t.db.select().from(records).where(eq(records.id, saved.id)))[0];
    expect(stored?.seal).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${saved.id}`)).body.data.integrity).toBeUndefined();

    // One character of the facts, changed in SQL.
    await t.db.execute(
      sql`UPDATE records SET data = jsonb_set(data, '{facts}', to_jsonb(replace(data ->> 'facts', '篡改', '修改'))) WHERE id = ${saved.id}`,
    );
    const read = await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${saved.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ integrity: 'TAMPERED', editable: false, actions: [] });
    const listed = await call<{ records: RecordView[] }>(t, officer, 'POST', `${CREDIT}/list`, {});
    expect(listed.body.data.records.find((record) => record.id === saved.id)?.integrity).toBe('TAMPERED');

    const update = await call(t, officer, 'POST', `${CREDIT}/update`, { id: saved.id, version: saved.version, data: creditRecordData() });
    expect(update.status).toBe(409);
    expect(update.body.msg).toBe('该记录的完整性校验未通过，可能已被篡改，不能修改或办理，请联系系统管理员');
    expect(
      (await call(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: saved.id, version: saved.version })).status,
    ).toBe(409);
    const alerts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'DATA_INTEGRITY_VIOLATION'), eq(auditLog.objectId, saved.id)));
    expect(alerts.length).toBeGreaterThanOrEqual(3);
    expect(alerts[0]).toMatchObject({ result: 'failure', objectType: 'credit', reason: 'sealMismatch' });
  });

  it('seals what every path writes: create, update, publish', async () => {
    const saved = (await call<RecordView>(t, officer, 'POST', `${CREDIT}/save`, creditRecordData({ subjectName: '封签测试' }))).body.data;
    const updated = (
      await call<RecordView>(t, officer, 'POST', `${CREDIT}/update`, {
        id: saved.id,
        version: saved.version,
        data: creditRecordData({ subjectName: '封签测试二' }),
      })
    ).body.data;
    const published = (
      await call<RecordView>(t, officer, 'POST', '/api/resources/credit/transitions/publish', { id: updated.id, version: updated.version })
    ).body.data;
    expect(published.integrity).toBeUndefined();
    expect((await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${saved.id}`)).body.data).toMatchObject({
      status: 'effective',
      version: 3,
    });
    expect((await call<RecordView>(t, officer, 'GET', `${CREDIT}/detail?id=${saved.id}`)).body.data.integrity).toBeUndefined();
  });
});

describe('the seal key', () => {
  it('comes from RECORD_SEAL_KEY, or is made once in the data folder (0600) and kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kechuang-seal-'));
    try {
      const first = await loadRecordSealKey(undefined, dir);
      expect(first.length).toBe(32);
      expect((await stat(join(dir, SEAL_KEY_FILE))).mode & 0o777).toBe(0o600);
      expect((await loadRecordSealKey(undefined, dir)).equals(first)).toBe(true);
      const fromEnv = Buffer.alloc(32, 7);
      expect((await loadRecordSealKey(fromEnv.toString('base64'), dir)).equals(fromEnv)).toBe(true);
      await expect(loadRecordSealKey(Buffer.alloc(8).toString('base64'), dir)).rejects.toThrow('RECORD_SEAL_KEY');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

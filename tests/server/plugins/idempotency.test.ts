import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../../src/server/services/jobs/scheduled-jobs';
import type { TestApp } from '../helpers/test-app';
import { createResourceTestApp } from '../helpers/resource-fixtures';
import { createLoggedInUser, reopenSession, type TestUser } from '../helpers/test-users';

/**
 * SECURITY R37 (ADR 0064) through inject: the generic create takes an Idempotency-Key. The same key
 * and body answer the first answer again with one record; another body is 422; concurrent requests
 * with one key make one record; a failed first request gives the key back; keys are per user; they
 * expire after 24 hours and the sweep removes them.
 */
let t: TestApp;
let editor: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createResourceTestApp();
  editor = await createLoggedInUser(t, 'idem', 'editor');
  other = await createLoggedInUser(t, 'idem2', 'editor');
});

afterAll(async () => {
  await t?.close();
});

function create(user: TestUser, payload: unknown, key?: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/resources/catalog/create',
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }), ...extra },
    payload: payload as Record<string, unknown>,
  });
}

async function catalogsCoded(code: string): Promise<number> {
  const { rows } = await t.database.executeSql(
    `SELECT count(*)::int AS n FROM records WHERE resource = 'catalog' AND data ->> 'code' = $1`,
    [code],
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? -1);
}

const catalog = (code: string, name = `幂等${code}`) => ({ name, code, kind: 'policy', sort: 1 });

describe('Idempotency-Key on a create (SECURITY R37)', () => {
  it('answers the same key and body with the first answer again, and makes one record', async () => {
    const key = randomUUID();
    const first = await create(editor, catalog('idem-a'), key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(editor, catalog('idem-a'), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await catalogsCoded('idem-a')).toBe(1);
  });

  it('takes the body in any key order as the same body', async () => {
    const key = randomUUID();
    const first = await create(editor, { name: '幂等乙', code: 'idem-order', kind: 'policy', sort: 1 }, key);
    const again = await create(editor, { sort: 1, kind: 'policy', code: 'idem-order', name: '幂等乙' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await catalogsCoded('idem-order')).toBe(1);
  });

  it('refuses the same key with another body: 422, in the caller’s language', async () => {
    const key = randomUUID();
    expect((await create(editor, catalog('idem-b'), key)).statusCode).toBe(200);
    const zh = await create(editor, catalog('idem-b2'), key);
    expect(zh.statusCode).toBe(422);
    expect(zh.json()).toMatchObject({ code: 422, msg: expect.stringContaining('Idempotency-Key') });
    expect(zh.json<{ msg: string }>().msg).toMatch(/已用于另一份提交内容/);
    const en = await create(editor, catalog('idem-b2'), key, { 'accept-language': 'en-US' });
    expect(en.statusCode).toBe(422);
    expect(en.json<{ msg: string }>().msg).toMatch(/used with a different request/);
    expect(await catalogsCoded('idem-b2')).toBe(0);
  });

  it('makes one record of ten concurrent creates with one key, and gives all ten the same answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(editor, catalog('idem-c'), key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await catalogsCoded('idem-c')).toBe(1);
  });

  it('keeps each user’s keys apart: another user’s same key is a new record', async () => {
    const key = randomUUID();
    expect((await create(editor, catalog('idem-d', '甲的'), key)).statusCode).toBe(200);
    const theirs = await create(other, catalog('idem-d2', '乙的'), key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await catalogsCoded('idem-d2')).toBe(1);
  });

  it('gives the key back when the first request fails, so the corrected one runs', async () => {
    const key = randomUUID();
    // The record schema refuses an unknown kind in the write pipeline, after the key was claimed.
    const refused = await create(editor, { ...catalog('idem-e'), kind: 'no-such-kind' }, key);
    expect(refused.statusCode).toBe(400);
    const corrected = await create(editor, catalog('idem-e'), key);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await catalogsCoded('idem-e')).toBe(1);
  });

  it('behaves as before without a key: two creates, two records', async () => {
    const first = await create(editor, catalog('idem-f'));
    const second = await create(editor, catalog('idem-f2'));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await catalogsCoded('idem-f')) + (await catalogsCoded('idem-f2'))).toBe(2);
  });

  it('refuses a key that is not 1–255 visible ASCII characters (400) and runs nothing', async () => {
    for (const key of ['a'.repeat(256), 'two words']) {
      const answer = await create(editor, catalog('idem-g'), key);
      expect(answer.statusCode).toBe(400);
    }
    expect(await catalogsCoded('idem-g')).toBe(0);
  });

  /*
   * ADR 0071: what a process that died between its commit and storing its answer leaves behind is a
   * claim with no answer and an ended lease. Made here from a real create by taking its answer away.
   */
  async function loseAnswer(key: string): Promise<void> {
    await t.database.executeSql(
      `UPDATE idempotency_keys SET status = NULL, content_type = NULL, body = NULL, locked_until = $2::timestamptz WHERE key = $1`,
      [key, new Date(t.clock.now().getTime() - 1_000).toISOString()],
    );
  }

  it('marks the key committed in the create’s own transaction; after a crash past the commit a retry is 409, not a second record', async () => {
    const key = randomUUID();
    expect((await create(editor, catalog('idem-k'), key)).statusCode).toBe(200);
    const { rows } = await t.database.executeSql(`SELECT committed_at FROM idempotency_keys WHERE key = $1`, [key]);
    expect((rows[0] as { committed_at: unknown } | undefined)?.committed_at).not.toBeNull();
    await loseAnswer(key);
    const retry = await create(editor, catalog('idem-k'), key, { 'accept-language': 'zh-CN' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 409, reason: 'idempotencyKeyCommitted', msg: '该提交已处理，请刷新页面查看结果' });
    expect(await catalogsCoded('idem-k')).toBe(1);
  });

  it('runs a retry again when the crashed request never committed (its lease over)', async () => {
    const key = randomUUID();
    expect((await create(editor, catalog('idem-l'), key)).statusCode).toBe(200);
    await t.database.executeSql(`DELETE FROM records WHERE resource = 'catalog' AND data ->> 'code' = 'idem-l'`);
    await loseAnswer(key);
    await t.database.executeSql(`UPDATE idempotency_keys SET committed_at = NULL WHERE key = $1`, [key]);
    const retry = await create(editor, catalog('idem-l'), key);
    expect(retry.statusCode).toBe(200);
    expect(await catalogsCoded('idem-l')).toBe(1);
  });

  it('forgets a key after 24 hours, and the hourly sweep removes it', async () => {
    const key = randomUUID();
    expect((await create(editor, catalog('idem-h'), key)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1_000);
    // The session has timed out by then: the same user, a new session.
    editor = await reopenSession(t, editor);
    const later = await create(editor, catalog('idem-h2'), key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    t.clock.advance(24 * 60 * 60 * 1000 + 1_000);
    // The hourly sweep (services/jobs/scheduled-jobs.ts) removes the keys and the rate-limit counters past their time.
    const sweep = scheduledJobs({ auditRetentionDays: 365 }).find((job) => job.name === 'expired-keys-sweep');
    const swept = (await sweep?.run(t.app, t.clock.now())) as { idempotencyKeys: number; rateLimits: number };
    expect(swept.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(swept.rateLimits).toBeGreaterThanOrEqual(1);
    const { rows } = await t.database.executeSql(`SELECT count(*)::int AS n FROM idempotency_keys WHERE expires_at <= $1::timestamptz`, [
      t.clock.now().toISOString(),
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

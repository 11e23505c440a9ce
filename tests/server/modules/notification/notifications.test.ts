import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, smsOutbox, users } from '../../../../src/server/db/schema';
import type { Notification } from '../../../../src/shared/generated/notification';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { call, financingData, resourceCast } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import type { TestUser } from '../../helpers/test-users';

/**
 * The message centre (issue 31 item 4) on the repository's financing workflow, whose notify tells the
 * reviewers of a submission and the owner of a decision (by SMS too): the notice is written in the
 * transition's transaction, read only by its recipient, counted and marked read.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;

const FINANCING = '/api/resources/financing';

async function submitted(user: TestUser = owner): Promise<RecordView> {
  const created = await call<RecordView>(t, user, 'POST', `${FINANCING}/create`, financingData());
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const record = created.body.data;
  const sent = await call<RecordView>(t, user, 'POST', `${FINANCING}/transitions/submit`, { id: record.id, version: record.version });
  if (sent.status !== 200) throw new Error(`submit failed: ${JSON.stringify(sent.body)}`);
  return sent.body.data;
}

const decide = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>, name: string, note?: string) =>
  call<RecordView>(t, user, 'POST', `${FINANCING}/transitions/${name}`, {
    id: record.id,
    version: record.version,
    ...(note ? { note } : {}),
  });

const unread = async (user: TestUser): Promise<number> =>
  (await call<{ count: number }>(t, user, 'GET', '/api/notifications/unread-count')).body.data.count;

const list = async (user: TestUser, body: Record<string, unknown> = {}) =>
  (await call<{ total: number; records: Notification[] }>(t, user, 'POST', '/api/notifications/list', body)).body.data;

const noticesOf = (recordId: string) => t.db.select().from(notifications).where(eq(notifications.recordId, recordId));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer } = await resourceCast(t));
  await t.db.update(users).set({ phone: '13900001234' }).where(eq(users.id, owner.id));
});
afterAll(async () => t.close());

describe('notices of workflow transitions (workflow.json notify)', () => {
  it("tells the reviewers of a submission and the owner of the reviewer's approval, in both languages with the note, by SMS too", async () => {
    const before = await unread(owner);
    const record = await submitted();
    // The reviewers' queue (financing.update holders) is told; the owner is not told of their own step.
    const queue = await noticesOf(record.id);
    expect(queue.map((row) => row.recipientId)).toContain(reviewer.id);
    expect(queue.map((row) => row.recipientId)).not.toContain(owner.id);
    expect(queue.map((row) => row.recipientId)).not.toContain(stranger.id);

    const approved = await decide(reviewer, record, 'approve', '项目成长性好');
    expect(approved.status).toBe(200);
    expect(await unread(owner)).toBe(before + 1);
    const [notice] = (await list(owner)).records;
    expect(notice).toMatchObject({
      resource: 'financing',
      recordId: record.id,
      action: 'approve',
      title: '融资申请·审核通过',
      titleEn: 'Financing application · Approve',
      body: '您的融资申请（江城量子精密仪器有限公司）已审核通过。项目成长性好',
      href: `/resources/financing/detail?id=${record.id}`,
      read: false,
      readAt: null,
    });
    expect(notice?.bodyEn).toBe('Your Financing application (江城量子精密仪器有限公司) was approved. 项目成长性好');
    // The SMS channel went out after the commit, to the owner's number.
    const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13900001234'));
    expect(sms.map((row) => row.text)).toContain(notice?.body);
  });

  it('writes no notice when the transition rolls back (the notice is in its transaction)', async () => {
    const record = await submitted();
    // The audit row is the transition's last write: refusing it rolls back everything before it, the notice included.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_transition_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event = 'RECORD_TRANSITIONED' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER refuse_transition_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_transition_audit()`,
    );
    try {
      const refused = await decide(reviewer, record, 'approve');
      expect(refused.status).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_transition_audit ON audit_log`);
      await t.db.execute(sql`DROP FUNCTION refuse_transition_audit()`);
    }
    const written = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recordId, record.id), eq(notifications.recipientId, owner.id)));
    expect(written).toEqual([]);
    // A lost race writes none either: of two decisions one wins, and only its notice is written.
    const results = await Promise.all([decide(reviewer, record, 'approve'), decide(reviewer, record, 'reject', '估值依据不足')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const after = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recordId, record.id), eq(notifications.recipientId, owner.id)));
    expect(after).toHaveLength(1);
  });

  it('counts, lists unread first, and marks one and then all read', async () => {
    const first = await submitted();
    await decide(reviewer, first, 'return', '请补充财务报表');
    const second = await submitted();
    await decide(reviewer, second, 'reject', '估值依据不足');
    const count = await unread(owner);
    expect(count).toBeGreaterThanOrEqual(2);
    const page = await list(owner, { order: 'unreadFirst', pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const target = page.records.find((row) => row.recordId === first.id);
    if (!target) throw new Error('no notice of the returned application');
    expect(target.body).toBe('您的融资申请（江城量子精密仪器有限公司）被退回修改，原因：请补充财务报表');

    const marked = await call<Notification>(t, owner, 'POST', '/api/notifications/read', { id: target.id });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ id: target.id, read: true });
    expect(await unread(owner)).toBe(count - 1);
    // Read ones go after the unread ones.
    const reordered = (await list(owner, { order: 'unreadFirst', pageSize: 50 })).records;
    expect(reordered.findIndex((row) => row.id === target.id)).toBe(reordered.length - reordered.filter((row) => row.read).length);
    expect((await list(owner, { unread: true, pageSize: 50 })).records.some((row) => row.id === target.id)).toBe(false);

    const all = await call<{ count: number }>(t, owner, 'POST', '/api/notifications/read-all');
    expect(all.body.data.count).toBe(count - 1);
    expect(await unread(owner)).toBe(0);
  });

  it("lets nobody read or mark another user's notices", async () => {
    const record = await submitted();
    await decide(reviewer, record, 'approve');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recordId, record.id), eq(notifications.recipientId, owner.id)));
    if (!notice) throw new Error('no notice');
    expect(await unread(stranger)).toBe(0);
    expect((await list(stranger)).total).toBe(0);
    const foreign = await call(t, stranger, 'POST', '/api/notifications/read', { id: notice.id });
    expect(foreign.status).toBe(404);
    await call(t, stranger, 'POST', '/api/notifications/read-all');
    const [still] = await t.db.select().from(notifications).where(eq(notifications.id, notice.id));
    expect(still?.readAt).toBeNull();
    expect((await call(t, undefined, 'GET', '/api/notifications/unread-count')).status).toBe(401);
  });
});

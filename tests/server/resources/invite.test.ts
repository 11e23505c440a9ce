import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../src/server/db/schema';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { call, guestRow, inviteData, resourceCast, type Envelope } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Invitations (schemas/resources/invite, no code): spec §7 /sys/person/invite/* as aliases of the
 * engine's routes; the guest table holds at most 5 people (spec §9).
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;
let guest: TestUser;

const INVITE = '/api/sys/person/invite';

async function create(user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `${INVITE}/create`, inviteData(overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

const submit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>) =>
  call<RecordView>(t, user, 'POST', '/api/resources/invite/transitions/submit', { id: record.id, version: record.version });
const audit = (user: TestUser, record: Pick<RecordView, 'id' | 'version'>) =>
  call<RecordView>(t, user, 'POST', `${INVITE}/auditInvite`, { id: record.id, version: record.version, decision: 'approve' });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, stranger, reviewer, reviewer2 } = await resourceCast(t));
  guest = await createLoggedInUser(t, 'guest');
  // The account whose number is guestRow(1)'s: the invitation is addressed to them.
  await t.db
    .update(users)
    .set({ phone: guestRow(1)['guestPhone'] as string })
    .where(eq(users.id, guest.id));
  await t.db.update(users).set({ phone: '13600009999' }).where(eq(users.id, owner.id));
});
afterAll(async () => t.close());

describe('invitations (/sys/person/invite) from the resource folder', () => {
  it('takes 5 guests and refuses a 6th on the guest field', async () => {
    const five = await create(owner, { guests: [0, 1, 2, 3, 4].map(guestRow) });
    expect((five.data['guests'] as unknown[]).length).toBe(5);
    const six = await call(t, owner, 'POST', `${INVITE}/create`, inviteData({ guests: [0, 1, 2, 3, 4, 5].map(guestRow) }));
    expect(six.status).toBe(400);
    expect(six.body.errors).toEqual([expect.objectContaining({ path: 'guests', keyword: 'maxItems', message: '嘉宾邀请人数上限为5人' })]);
    const none = await call(t, owner, 'POST', `${INVITE}/create`, inviteData({ guests: [] }));
    // No guest is not filled in (ADR 0001, issue 17): `required`, with the schema's own wording.
    expect(none.body.errors).toEqual([expect.objectContaining({ path: 'guests', keyword: 'required', message: '请填写邀请嘉宾' })]);
    const badPhone = await call(t, owner, 'POST', `${INVITE}/create`, inviteData({ guests: [{ ...guestRow(0), guestPhone: '12345' }] }));
    expect(badPhone.body.errors).toEqual([expect.objectContaining({ path: 'guests.0.guestPhone', keyword: 'format' })]);
  });

  it('goes draft → pending → recalled → pending → approved, with the lists and details of each side', async () => {
    let invite = await create(owner);
    expect(invite.status).toBe('draft');
    // A draft is private: no reviewer sees it.
    expect((await call(t, reviewer, 'GET', `${INVITE}/detail?id=${invite.id}`)).status).toBe(404);
    invite = (await submit(owner, invite)).body.data;
    expect(invite.status).toBe('pending');
    invite = (await call<RecordView>(t, owner, 'POST', `${INVITE}/recallInvite`, { id: invite.id, version: invite.version })).body.data;
    expect(invite.status).toBe('draft');
    const updated = await call<RecordView>(t, owner, 'POST', `${INVITE}/update`, {
      id: invite.id,
      version: invite.version,
      data: inviteData({ inviteTitle: '新型储能材料成果路演（第二场）' }),
    });
    expect(updated.status).toBe(200);
    invite = (await submit(owner, updated.body.data)).body.data;
    const queue = await call<{ records: RecordView[] }>(t, reviewer, 'POST', `${INVITE}/queryInviteList`, { inviteTitle: '第二场' });
    expect(queue.body.data.records.map((record) => record.id)).toContain(invite.id);
    const approved = await audit(reviewer, invite);
    expect(approved.body.data.status).toBe('approved');
    expect((await audit(reviewer, approved.body.data)).status).toBe(409);
    const mine = await call<{ records: RecordView[] }>(t, owner, 'POST', `${INVITE}/queryMyInviteList`, {});
    expect(mine.body.data.records.find((record) => record.id === invite.id)?.status).toBe('approved');
    // Approved is not editable.
    expect(
      (await call(t, owner, 'POST', `${INVITE}/update`, { id: invite.id, version: approved.body.data.version, data: inviteData() })).status,
    ).toBe(409);
  });

  it('keeps another user out, refuses mass assignment, and nobody audits their own invitation', async () => {
    const invite = (await submit(owner, await create(owner))).body.data;
    for (const [method, url, payload] of [
      ['GET', `${INVITE}/detail?id=${invite.id}`, undefined],
      ['POST', `${INVITE}/recallInvite`, { id: invite.id, version: invite.version }],
      ['POST', `${INVITE}/update`, { id: invite.id, version: invite.version, data: inviteData() }],
      ['POST', `${INVITE}/delete`, { id: invite.id, version: invite.version }],
    ] as const) {
      expect((await call(t, stranger, method, url, payload)).status, url).toBe(404);
    }
    expect(
      (await call(t, stranger, 'POST', `${INVITE}/auditInvite`, { id: invite.id, version: invite.version, decision: 'approve' })).status,
    ).toBe(403);
    expect((await call<RecordView>(t, owner, 'GET', `${INVITE}/detail?id=${invite.id}`)).body.data).toMatchObject({
      status: 'pending',
      version: invite.version,
    });
    const forged = await call<unknown>(t, owner, 'POST', `${INVITE}/create`, inviteData({ ownerId: stranger.id }));
    expect(forged.status).toBe(400);
    expect((forged.body as Envelope<unknown>).reason).toBe('massAssignment');
    const own = (await submit(reviewer, await create(reviewer))).body.data;
    expect((await audit(reviewer, own)).status).toBe(403);
  });

  it('gives one winner when two reviewers decide at once', async () => {
    const invite = (await submit(owner, await create(owner))).body.data;
    const results = await Promise.all([
      audit(reviewer, invite),
      call(t, reviewer2, 'POST', '/api/resources/invite/transitions/reject', {
        id: invite.id,
        version: invite.version,
        note: '活动时间与其他活动冲突',
      }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it('shows an approved invitation to its guest (queryGzMyInviteList, gzDetail), who accepts it once', async () => {
    const title = `高校科研成果对接会-${Math.random().toString(36).slice(2, 8)}`;
    let invite = (await submit(owner, await create(owner, { inviteTitle: title }))).body.data;
    const invited = () =>
      call<{ total: number; records: RecordView[] }>(t, guest, 'POST', `${INVITE}/queryGzMyInviteList`, { inviteTitle: title });
    // Pending: not sent out yet.
    expect((await invited()).body.data.total).toBe(0);
    expect((await call(t, guest, 'GET', `${INVITE}/gzDetail?id=${invite.id}`)).status).toBe(404);
    invite = (await audit(reviewer, invite)).body.data;
    const listed = await invited();
    expect(listed.body.data.total).toBe(1);
    const row = listed.body.data.records[0]!;
    expect(row.actions).toEqual(['accept']);
    // The guest sees who else is invited, not their numbers; their own stays whole.
    const guests = row.data['guests'] as Record<string, string>[];
    expect(guests.map((entry) => entry['guestPhone'])).toEqual(['139****1000', guestRow(1)['guestPhone']]);
    const detail = await call<RecordView & { history: { action: string; actorName: string | null }[] }>(
      t,
      guest,
      'GET',
      `${INVITE}/gzDetail?id=${invite.id}`,
    );
    expect(detail.body.data.actions).toEqual(['accept']);
    // The owner and the reviewer see every number.
    expect(
      (
        (await call<RecordView>(t, owner, 'GET', `${INVITE}/detail?id=${invite.id}`)).body.data.data['guests'] as Record<string, string>[]
      )[0]?.['guestPhone'],
    ).toBe('13900001000');

    const accepted = await call<RecordView>(t, guest, 'GET', `${INVITE}/accept?id=${invite.id}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'approved', actions: [] });
    const again = await call(t, guest, 'GET', `${INVITE}/accept?id=${invite.id}`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('您已执行过该操作，无需重复');
    expect((await invited()).body.data.records[0]?.actions).toEqual([]);
    const history = (
      await call<{ history: { action: string; actorName: string | null }[] }>(t, owner, 'GET', `${INVITE}/detail?id=${invite.id}`)
    ).body.data.history;
    expect(history.at(-1)).toMatchObject({ action: 'accept', actorName: '测试用户guest' });
  });

  it('keeps an invitation from those it is not addressed to, and the owner cannot accept their own', async () => {
    const invite = (
      await audit(
        reviewer,
        (await submit(owner, await create(owner, { guests: [guestRow(0), { ...guestRow(2), guestPhone: '13600009999' }] }))).body.data,
      )
    ).body.data;
    expect((await call(t, stranger, 'GET', `${INVITE}/gzDetail?id=${invite.id}`)).status).toBe(404);
    expect((await call(t, stranger, 'GET', `${INVITE}/accept?id=${invite.id}`)).status).toBe(404);
    expect(
      (await call<{ records: RecordView[] }>(t, stranger, 'POST', `${INVITE}/queryGzMyInviteList`, {})).body.data.records.map(
        (record) => record.id,
      ),
    ).not.toContain(invite.id);
    // The guest account is not on this one.
    expect((await call(t, guest, 'GET', `${INVITE}/accept?id=${invite.id}`)).status).toBe(404);
    // The owner's own number is on the list, but nobody accepts their own invitation.
    expect((await call(t, owner, 'GET', `${INVITE}/accept?id=${invite.id}`)).status).toBe(403);
    // A reviewer may read it, but is not a guest.
    expect((await call(t, reviewer, 'GET', `${INVITE}/accept?id=${invite.id}`)).status).toBe(403);
  });

  it("masks the contact's and the guests' phones for the reviewer, who shows them in full with one PI_VIEW row naming the columns (ADR 0065)", async () => {
    const invite = (await submit(owner, await create(owner))).body.data;
    const detail = await call<RecordView>(t, reviewer, 'GET', `/api/resources/invite/detail?id=${invite.id}`);
    const guests = detail.body.data.data['guests'] as Record<string, string>[];
    expect(guests.map((entry) => entry['guestPhone'])).toEqual(['139****1000', '139****1001']);
    expect(detail.body.data.data['contactPhone']).toMatch(/^\d{3}\*{4}\d{4}$/);
    const before = await t.db.select().from(auditLog);
    const unmasked = await call<{ fields: Record<string, string>; tables?: Record<string, Record<string, string>[]> }>(
      t,
      reviewer,
      'GET',
      `/api/resources/invite/records/${invite.id}/unmasked`,
    );
    expect(unmasked.status).toBe(200);
    expect(unmasked.body.data.fields['contactPhone']).toBe(inviteData()['contactPhone']);
    expect(unmasked.body.data.tables).toEqual({ guests: [{ guestPhone: '13900001000' }, { guestPhone: '13900001001' }] });
    const rows = (await t.db.select().from(auditLog)).filter((row) => !before.some((old) => old.id === row.id) && row.event === 'PI_VIEW');
    expect(rows.map((row) => row.reason)).toEqual(['contactPhone,guests[].guestPhone']);
    // A stranger with neither the record nor the right: 403 before anything is read.
    expect((await call(t, stranger, 'GET', `/api/resources/invite/records/${invite.id}/unmasked`)).status).toBe(403);
  });
});

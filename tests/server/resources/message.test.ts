import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { fetchCaptcha, postMessage, validMessage } from '../helpers/message-fixtures';
import { call } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * The message board's records as the message resource (schemas/resources/message, source
 * "messages"): 我的留言 with the commission's reply, and 留言回复 for reviewers.
 */
let t: TestApp;
let writer: TestUser;
let other: TestUser;
let reviewer: TestUser;
let reviewer2: TestUser;

async function leave(user: TestUser, theme: string): Promise<string> {
  await fetchCaptcha(t, user);
  const response = await postMessage(t, user, validMessage({ theme }));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: string } }>().data.id;
}

const reply = (user: TestUser, id: string, version: number, note?: string) =>
  call<RecordView>(t, user, 'POST', '/api/resources/message/transitions/reply', { id, version, ...(note === undefined ? {} : { note }) });

beforeAll(async () => {
  t = await createTestApp();
  writer = await createLoggedInUser(t, 'writer');
  other = await createLoggedInUser(t, 'other');
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
  reviewer2 = await createLoggedInUser(t, 'rev2', 'reviewer');
});
afterAll(async () => t.close());

describe('messages as a resource with replies', () => {
  it('lets a reviewer reply once; the writer reads the reply in 我的留言 and queryMyMessageList', async () => {
    const id = await leave(writer, '高新技术企业认定材料咨询');
    const queue = await call<{ records: RecordView[] }>(t, reviewer, 'POST', '/api/resources/message/lists/review', { status: 'pending' });
    const row = queue.body.data.records.find((record) => record.id === id);
    expect(row).toMatchObject({ status: 'pending', actions: ['reply'], data: { theme: '高新技术企业认定材料咨询' } });
    const noNote = await reply(reviewer, id, row!.version);
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual([expect.objectContaining({ path: 'note', keyword: 'required' })]);
    const answered = await reply(reviewer, id, row!.version, '您好，认定材料清单已在通知公告栏发布，请按清单准备。');
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ status: 'replied', actions: [] });
    expect((await reply(reviewer, id, answered.body.data.version, '再次回复')).status).toBe(409);

    const mine = await call<{ records: RecordView[] }>(t, writer, 'POST', '/api/resources/message/lists/mine', {});
    expect(mine.body.data.records.find((record) => record.id === id)).toMatchObject({
      status: 'replied',
      data: { reply: '您好，认定材料清单已在通知公告栏发布，请按清单准备。' },
    });
    const legacy = await call<{ records: Record<string, unknown>[] }>(t, writer, 'POST', '/api/sys/person/message/queryMyMessageList', {});
    expect(legacy.body.data.records.find((record) => record['id'] === id)).toMatchObject({
      reply: '您好，认定材料清单已在通知公告栏发布，请按清单准备。',
      replyTime: expect.any(String),
    });
  });

  it("shows nobody else's messages in 我的留言, keeps plain users from replying, and nobody answers their own", async () => {
    const id = await leave(writer, '科技金融贷款贴息政策');
    const others = await call<{ records: RecordView[] }>(t, other, 'POST', '/api/resources/message/lists/mine', {});
    expect(others.body.data.records.map((record) => record.id)).not.toContain(id);
    expect((await call(t, other, 'POST', '/api/resources/message/lists/review', {})).status).toBe(403);
    expect((await reply(other, id, 1, '我来回复')).status).toBe(403);
    const own = await leave(reviewer, '审核员自己的留言');
    expect((await reply(reviewer, own, 1, '自己回复自己')).status).toBe(403);
    expect((await reply(reviewer, '00000000-0000-4000-8000-000000000000', 1, '不存在')).status).toBe(404);
  });

  it('gives one winner when two reviewers reply at once', async () => {
    const id = await leave(writer, '孵化器入驻条件');
    const results = await Promise.all([reply(reviewer, id, 1, '回复一'), reply(reviewer2, id, 1, '回复二')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});

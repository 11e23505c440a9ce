import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCaptcha, postMessage, validMessage } from '../../helpers/message-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

interface ListBody {
  code: number;
  data: { total: number; records: { id: string; theme: string; createTime: string; code?: unknown }[] };
}

describe('POST /api/sys/person/message/queryMyMessageList', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  async function send(user: TestUser, theme: string): Promise<string> {
    await fetchCaptcha(t, user);
    const response = await postMessage(t, user, validMessage({ theme }));
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: string } }>().data.id;
  }

  function list(user: TestUser | undefined, payload?: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/sys/person/message/queryMyMessageList',
      headers: user?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createLoggedInUser(t, 'alice');
    bob = await createLoggedInUser(t, 'bob');
    for (let index = 1; index <= 12; index += 1) await send(alice, `Alice 的留言 ${index}`);
    await send(bob, 'Bob 的留言');
  });
  afterAll(() => t?.close());

  it('lists only the caller’s own messages, newest first, 10 per page by default', async () => {
    const response = await list(alice, {});
    expect(response.statusCode).toBe(200);
    const body = response.json<ListBody>();
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(12);
    expect(body.data.records).toHaveLength(10);
    expect(body.data.records[0]?.theme).toBe('Alice 的留言 12');
    expect(body.data.records.every((record) => record.theme.startsWith('Alice'))).toBe(true);
    const times = body.data.records.map((record) => Date.parse(record.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.data.records[0]).not.toHaveProperty('code');
    expect(body.data.records[0]?.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('user B never sees user A’s messages', async () => {
    const body = (await list(bob, { pageNo: 1, pageSize: 100 })).json<ListBody>();
    expect(body.data.total).toBe(1);
    expect(body.data.records.map((record) => record.theme)).toEqual(['Bob 的留言']);
  });

  it('pages with pageNo and pageSize', async () => {
    const body = (await list(alice, { pageNo: 2, pageSize: 10 })).json<ListBody>();
    expect(body.data.total).toBe(12);
    expect(body.data.records.map((record) => record.theme)).toEqual(['Alice 的留言 2', 'Alice 的留言 1']);
    const ascending = (await list(alice, { pageSize: 1, sortField: 'createTime', sortOrder: 'ascend' })).json<ListBody>();
    expect(ascending.data.records.map((record) => record.theme)).toEqual(['Alice 的留言 1']);
  });

  it('treats a bodyless request as the first page', async () => {
    const response = await list(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json<ListBody>().data.records).toHaveLength(10);
  });

  it.each([
    { pageSize: 101 },
    { pageSize: 0 },
    { pageNo: 0 },
    { pageNo: '1' },
    { pageSize: 1.5 },
    { sortField: 'id; DROP TABLE messages' },
    { foo: 1 },
  ])('refuses bad paging %j with 400 and a field error', async (payload) => {
    const response = await list(alice, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: number; msg: string; errors: { path: string }[] }>();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('提交的信息有误，请检查后重试');
    expect(body.errors[0]?.path).toBe(Object.keys(payload)[0]);
  });

  it('requires login', async () => {
    const response = await list(undefined, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
  });
});

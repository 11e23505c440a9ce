import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSave, makeSchemasDir } from '../helpers/activity-fixtures';
import { fetchCaptcha, validMessage } from '../helpers/message-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

const ACTIVITY = 'tiny-grant';

const ZH = {
  character: {
    msg: '提交的内容含有不允许的字符，请删除后重试',
    field: '含有不允许的字符（空字符或不完整的 Unicode 字符），请删除后重新输入',
  },
  depth: { msg: '提交的内容嵌套层级过深', field: '嵌套层级过深' },
};
const EN = {
  character: {
    msg: 'The request contains characters that are not allowed; please remove them and try again',
    field: 'Contains a character that is not allowed (a NUL or an incomplete Unicode character); please remove it',
  },
  depth: { msg: 'The request is nested too deeply', field: 'Nested too deeply' },
};

function expectRefused(response: LightMyRequestResponse, path: string, words: { msg: string; field: string } = ZH.character): void {
  expect(response.statusCode, response.body).toBe(400);
  const keyword = words === ZH.depth || words === EN.depth ? 'maxDepth' : 'invalidCharacter';
  const reason = keyword === 'maxDepth' ? 'inputTooDeep' : 'inputInvalidCharacter';
  expect(response.json()).toEqual({
    code: 400,
    msg: words.msg,
    reason,
    errors: [{ path, keyword, params: keyword === 'maxDepth' ? { limit: 64 } : {}, message: words.field }],
  });
}

function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

describe('the input guard: what no route schema can say, refused for every route', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let user: TestUser;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    user = await createLoggedInUser(t, 'guarded');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const json = (
    method: 'POST' | 'GET',
    url: string,
    payload: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => t.app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('refuses a NUL in the login username with 400 on the field, in Chinese and in English', async () => {
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: { username: 'admin\u0000', password: 'x', code: '2' } }),
      'username',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      headers: { 'accept-language': 'en-US' },
      payload: { username: 'admin\u0000', password: 'x', code: '2' },
    });
    expectRefused(english, 'username', EN.character);
  });

  it('refuses an unpaired surrogate, which PostgreSQL would store as U+FFFD, as well', async () => {
    expectRefused(await json('POST', '/api/sys/user/login', '{"username":"admin","password":"pw\\ud800","code":"2"}'), 'password');
    expectRefused(await json('POST', '/api/sys/user/login', '{"username":"\\udc00admin","password":"pw","code":"2"}'), 'username');
  });

  it('refuses a message whose theme holds a NUL, before its captcha is spent', async () => {
    await fetchCaptcha(t, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/person/message/create',
      headers: user.auth,
      payload: validMessage({ theme: '咨询\u0000' }),
    });
    expectRefused(response, 'theme');
  });

  it("refuses an application step's field, named by its path in the step", async () => {
    const view = await firstSave(t, user, ACTIVITY);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys/form/data/saveOrUpdate',
      headers: user.auth,
      payload: { activityId: ACTIVITY, step: 'basic', version: view.version, data: { projectName: '项目\u0000名称', hasPartner: false } },
    });
    expectRefused(response, 'data.projectName');
  });

  it('refuses a NUL in the query string and in a path parameter', async () => {
    const exists = await t.app.inject({
      method: 'GET',
      url: `/api/sys/form/data/termNameExists?activityId=${ACTIVITY}&step=basic&field=projectName&value=a%00b`,
      headers: user.auth,
    });
    expectRefused(exists, 'value');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/maps/beijing%00' }), 'name');
  });

  it('refuses a number past ±(2^53 − 1) in any body with 400 on its field (issue 34: 1e308 overflowed a bigint, a 500)', async () => {
    const admin = await createLoggedInUser(t, 'studio', 'admin');
    const rollback = (publicationId: string, headers: Record<string, string> = {}) =>
      json(
        'POST',
        '/api/studio/rollback',
        `{"kind":"form","name":"message","publicationId":${publicationId},"baseVersion":"${'a'.repeat(64)}"}`,
        {
          ...admin.auth,
          ...headers,
        },
      );
    for (const publicationId of ['1e308', '9223372036854775808', '9007199254740993', '-1e308', '1e400']) {
      const response = await rollback(publicationId);
      expect(response.statusCode, publicationId).toBe(400);
      expect(response.json(), publicationId).toEqual({
        code: 400,
        msg: '提交的数字超出了可处理的范围，请检查后重试',
        reason: 'inputNumberOutOfRange',
        errors: [{ path: 'publicationId', keyword: 'numberRange', params: { limit: Number.MAX_SAFE_INTEGER }, message: '数值超出范围' }],
      });
    }
    expect((await rollback('1e308', { 'accept-language': 'en-US' })).json()).toMatchObject({
      msg: 'A number in the request is beyond the range the server can hold; please check it',
      errors: [{ path: 'publicationId', message: 'Number out of range' }],
    });
    // The largest safe id reaches the route, which finds no such publication.
    expect((await rollback(String(Number.MAX_SAFE_INTEGER))).statusCode).toBe(404);
    // A version that JSON would round to another record's is refused before the route looks.
    const view = await firstSave(t, user, ACTIVITY);
    const save = await json(
      'POST',
      '/api/sys/form/data/saveOrUpdate',
      `{"activityId":"${ACTIVITY}","step":"basic","version":${view.version + 9007199254740992},"data":{}}`,
      user.auth,
    );
    expect(save.statusCode).toBe(400);
    expect(save.json<{ errors: unknown[] }>().errors).toEqual([
      { path: 'version', keyword: 'numberRange', params: { limit: Number.MAX_SAFE_INTEGER }, message: '数值超出范围' },
    ]);
  });

  it('refuses digits past ±(2^53 − 1) in a GET list alias’s query with 400 on the field, not a rounded page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sys/api/article/list?pageNo=99999999999999999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string; keyword: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'pageNo', keyword: 'type' }),
    ]);
  });

  it('names a bad key, with the character replaced so the answer can carry it', async () => {
    expectRefused(await json('POST', '/api/sys/user/login', '{"username":"a","password":"b","code":"2","x\\u0000":1}'), 'x\uFFFD');
  });

  it('refuses a body nested 5,000 deep with 400, where pruning it used to overflow the stack (500)', async () => {
    // Refused before the route reads anything, so the version need not be the application's.
    const payload = `{"activityId":"${ACTIVITY}","step":"basic","version":1,"data":${nestedText(5_000)}}`;
    const response = await json('POST', '/api/sys/form/data/saveOrUpdate', payload, user.auth);
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      msg: string;
      reason: string;
      errors: { path: string; keyword: string; params: unknown; message: string }[];
    }>();
    expect(body).toMatchObject({ msg: ZH.depth.msg, reason: 'inputTooDeep' });
    expect(body.errors).toEqual([{ path: `data${'.a'.repeat(63)}`, keyword: 'maxDepth', params: { limit: 64 }, message: ZH.depth.field }]);
    const english = await json('POST', '/api/sys/form/data/saveOrUpdate', payload, { ...user.auth, 'accept-language': 'en-US' });
    expect(english.json<{ msg: string; errors: { message: string }[] }>()).toMatchObject({
      msg: EN.depth.msg,
      errors: [{ message: EN.depth.field }],
    });
  });

  it('lets 64 levels through to the route, which judges them by its own schema', async () => {
    // The login body is flat, so a nested username is a type error, not a depth one.
    const response = await json('POST', '/api/sys/user/login', `{"username":${nestedText(63)},"password":"b","code":"2"}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string; keyword: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'username', keyword: 'type' }),
    ]);
    expectRefused(
      await json('POST', '/api/sys/user/login', `{"username":${nestedText(64)},"password":"b","code":"2"}`),
      `username${'.a'.repeat(63)}`,
      ZH.depth,
    );
  });
});

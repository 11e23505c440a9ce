import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCaptcha, postMessage, validMessage } from '../../helpers/message-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

describe('GET /api/schemas/forms/:name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves the canonical message schema as it is on disk, without login', async () => {
    const onDisk: unknown = JSON.parse(readFileSync(join(REPO_SCHEMAS_DIR, 'forms', 'message.schema.json'), 'utf8'));
    const response = await t.app.inject({ method: 'GET', url: '/api/schemas/forms/message' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: onDisk });
  });

  it('answers 404 for an unknown form and 400 for a malformed name', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/schemas/forms/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/schemas/forms/..%2Fmeta%2Fdict' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('adding a property to the message schema (no code change, a restart)', () => {
  let schemasDir: string;
  let t: TestApp;
  beforeAll(async () => {
    schemasDir = await mkdtemp(join(tmpdir(), 'kechuang-schemas-'));
    await cp(REPO_SCHEMAS_DIR, schemasDir, { recursive: true });
    const path = join(schemasDir, 'forms', 'message.schema.json');
    const schema = JSON.parse(await readFile(path, 'utf8')) as { properties: Record<string, unknown> };
    schema.properties['company'] = { type: 'string', title: '单位名称', maxLength: 40 };
    await writeFile(path, JSON.stringify(schema, null, 2));
    t = await createTestApp({ schemasDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(schemasDir, { recursive: true, force: true });
  });

  it('serves the new property to the client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/schemas/forms/message' });
    expect(response.json<{ data: { properties: Record<string, unknown> } }>().data.properties['company']).toMatchObject({ maxLength: 40 });
  });

  it('enforces it on the server and stores it without a migration', async () => {
    const user = await createLoggedInUser(t, 'company');
    await fetchCaptcha(t, user);
    const tooLong = await postMessage(t, user, validMessage({ company: '企'.repeat(41) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'company', message: '最多输入40个字符' }),
    ]);

    const created = await postMessage(t, user, validMessage({ company: '星河智能科技有限公司' }));
    expect(created.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'POST', url: '/api/sys/person/message/queryMyMessageList', headers: user.auth, payload: {} });
    expect(list.json<{ data: { records: { company?: string }[] } }>().data.records[0]?.company).toBe('星河智能科技有限公司');
  });
});

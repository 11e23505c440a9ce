import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../../helpers/test-app';

const URL = '/api/sys/biz/queryDictByCode';

describe('GET /api/sys/biz/queryDictByCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('returns need_type, seeded from schemas/dicts, in file order, without login', async () => {
    const file = JSON.parse(readFileSync(join(REPO_SCHEMAS_DIR, 'dicts', 'need_type.json'), 'utf8')) as { items: unknown[] };
    const response = await t.app.inject({ method: 'GET', url: `${URL}?code=need_type` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: file.items });
    expect(file.items.length).toBeGreaterThan(0);
  });

  it('returns an empty list for an unknown code', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?code=no_such_dict` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: [] });
  });

  it.each([
    ['missing', '', 'code', 'required'],
    ['malformed', '?code=Need-Type%27--', 'code', 'pattern'],
    ['repeated', '?code=need_type&code=other', 'code', 'type'],
    ['unknown parameter', '?code=need_type&x=1', 'x', 'additionalProperties'],
  ])('refuses a %s code with 400 and a field error', async (_case, query, path, keyword) => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: number; msg: string; errors: { path: string; keyword: string }[] }>();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('提交的信息有误，请检查后重试');
    expect(body.errors).toEqual([expect.objectContaining({ path, keyword })]);
  });
});

describe('GET /api/integrity/app/dict/list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('returns every dictionary of schemas/dicts with its items in file order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/integrity/app/dict/list' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { code: string; name: string; items: unknown[] }[] }>().data;
    const file = JSON.parse(readFileSync(join(REPO_SCHEMAS_DIR, 'dicts', 'credit_severity.json'), 'utf8')) as {
      name: string;
      items: unknown[];
    };
    expect(data.find((dict) => dict.code === 'credit_severity')).toEqual({ code: 'credit_severity', name: file.name, items: file.items });
    expect(data.every((dict) => dict.items.length > 0)).toBe(true);
  });
});

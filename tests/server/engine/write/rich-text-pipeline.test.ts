import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { DEMO_PASSWORD } from '../../../../src/server/seed/seed-demo-users';
import type { SchemaRegistry } from '../../../../src/server/engine/units/schema-registry';
import { installErrorEnvelope } from '../../../../src/server/plugins/error-envelope';
import { installWritePipeline } from '../../../../src/server/engine/write/write-pipeline';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { createAjv } from '../../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';
import { XSS_PAYLOADS } from '../../../fixtures/xss-payloads';
import type { Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { login } from '../../helpers/test-users';

/**
 * The write pipeline (src/server/engine/write/write-pipeline.ts) stores rich text only as the
 * allowlist's HTML: after pruning, before ajv, so what ajv judges is what is stored.
 */

const NOTICE: JsonSchema = {
  $id: 'https://schemas.kechuang.local/forms/rich-notice.schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'body'],
  properties: {
    title: { type: 'string', minLength: 2, maxLength: 50 },
    body: { type: 'string', title: '正文', minLength: 1, maxLength: 60, 'x-component': 'RichText' },
    remark: { type: 'string', maxLength: 50, 'x-component': 'RichText' },
    plain: { type: 'string', maxLength: 100 },
  },
};

describe('the write pipeline on a form with RichText fields (no database)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    const entry = {
      name: 'rich-notice',
      id: NOTICE.$id ?? '',
      version: 'test',
      schema: NOTICE,
      validate: createAjv().compile(NOTICE),
      text: JSON.stringify(NOTICE),
    };
    // The write pipeline reads the form through get and require; the studio's part of the registry is not needed here.
    const registry: Pick<SchemaRegistry, 'get' | 'require' | 'names' | 'install' | 'skipped'> = {
      get: () => entry,
      require: () => entry,
      names: () => [entry.name],
      install: () => entry,
      skipped: () => [],
    };
    app.decorate('schemaRegistry', registry as SchemaRegistry);
    // A schema without x-dict, x-unique, uploads or a captcha never reaches the database.
    app.decorate('database', {} as Database);
    installErrorEnvelope(app);
    installWritePipeline(app);
    app.post('/notice', { config: { form: 'rich-notice' } }, async (request) => ({ data: request.checkedData }));
    await app.ready();
  });
  afterAll(async () => app.close());

  const send = async (payload: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/notice', payload });
    return {
      status: response.statusCode,
      body: response.json<{ data?: Record<string, unknown>; errors?: { path: string; keyword: string }[] }>(),
    };
  };

  it('hands the handler the sanitised HTML of each RichText field, and leaves other fields as sent', async () => {
    const { status, body } = await send({
      title: '通知',
      body: '<p onclick="alert(1)">正文<script>alert(1)</script></p>',
      remark: '<a href="javascript:alert(1)">x</a>',
      plain: '<b>not rich text</b>',
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ title: '通知', body: '<p>正文</p>', remark: '<a>x</a>', plain: '<b>not rich text</b>' });
  });

  it('treats a rich text with nothing left after sanitising as not filled in: required fails, an optional one is dropped', async () => {
    const { status, body } = await send({
      title: '通知',
      body: '<script>alert(1)</script><p> </p>',
      remark: '<img src=x onerror=alert(1)>',
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'body', keyword: 'required' })]);
    const optional = await send({ title: '通知', body: '<p>正文</p>', remark: '<p></p>' });
    expect(optional.status).toBe(200);
    expect(optional.body.data).toEqual({ title: '通知', body: '<p>正文</p>' });
  });

  it('judges maxLength on the stored HTML: stripped junk does not count, what is kept does', async () => {
    const junk = `<p${' onclick="alert(1)"'.repeat(20)}>短</p>`;
    expect(junk.length).toBeGreaterThan(60);
    expect((await send({ title: '通知', body: junk })).body.data?.['body']).toBe('<p>短</p>');
    const long = await send({ title: '通知', body: `<p>${'长'.repeat(60)}</p>` });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([expect.objectContaining({ path: 'body', keyword: 'maxLength' })]);
  });

  it('still lets ajv refuse a rich text value that is not a string', async () => {
    const { status, body } = await send({ title: '通知', body: { html: '<p>x</p>' } });
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.objectContaining({ path: 'body', keyword: 'type' })]);
  });

  it('stores no payload of the XSS list able to run', async () => {
    for (const payload of XSS_PAYLOADS) {
      const { status, body } = await send({ title: '通知', body: `<p>x</p>${payload.html}`.slice(0, 2000) });
      const stored = String(body.data?.['body'] ?? '');
      expect([200, 400], payload.name).toContain(status);
      expect(stored, payload.name).not.toMatch(
        /<script|<iframe|<svg|<math|<style|<object|<embed|<form|<input|<base|<meta|\son\w+=|javascript:|style=/i,
      );
    }
  });
});

describe('the article resource (the app, as the demo content editor)', () => {
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ seedDemoUsers: true });
    auth = { authorization: `Bearer ${await login(t.app, 'editor', DEMO_PASSWORD)}` };
    const catalog = await t.app.inject({
      method: 'POST',
      url: '/api/resources/catalog/create',
      headers: auth,
      payload: { name: '富文本栏目', code: 'rich-text', kind: 'notice', sort: 1 },
    });
    expect(catalog.statusCode, catalog.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const article = (body: unknown) => ({
    title: '关于富文本正文的测试通知',
    catalogName: '富文本栏目',
    kind: 'notice',
    source: '市科学技术委员会',
    publishDate: '2026-10-12',
    body,
  });

  it('stores the sanitised body on create and on update, and shows it so on the detail', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources/article/create',
      headers: auth,
      payload: article(
        '<p style="color:red" onmouseover="alert(1)">各单位：<img src=x onerror=alert(1)><a href="https://kjw.example.gov.cn" target="_blank">原文</a></p><script>alert(1)</script>',
      ),
    });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<RecordView>>().data;
    const expected = '<p>各单位：<a href="https://kjw.example.gov.cn" target="_blank" rel="noopener noreferrer">原文</a></p>';
    expect(record.data['body']).toBe(expected);
    const detail = await t.app.inject({ method: 'GET', url: `/api/resources/article/detail?id=${record.id}`, headers: auth });
    expect(detail.json<Envelope<RecordView>>().data.data['body']).toBe(expected);

    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/resources/article/update',
      headers: auth,
      payload: {
        id: record.id,
        version: record.version,
        data: article('<h3>更新</h3><iframe src="https://evil.example"></iframe><p><a href="JaVaScRiPt:alert(1)">链接</a></p>'),
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Envelope<RecordView>>().data.data['body']).toBe('<h3>更新</h3><p><a>链接</a></p>');
  });

  it('refuses a body with nothing left after sanitising as the empty field it is', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/resources/article/create',
      headers: auth,
      payload: article('<script>alert(1)</script><p></p>'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope<unknown>>().errors).toEqual([expect.objectContaining({ path: 'body', keyword: 'required' })]);
  });
});

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const OPENAPI_FILE = new URL('../../../../docs/api/openapi.json', import.meta.url);

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As npm run docs:api builds it (NODE_ENV=production): without the development SSO provider.
    t = await createTestApp({ openapi: true, devSso: false });
  });
  afterAll(() => t?.close());

  it('docs/api/openapi.json is fresh (run npm run docs:api when this fails)', async () => {
    const committed: unknown = JSON.parse(await readFile(OPENAPI_FILE, 'utf8'));
    expect(t.app.swagger()).toEqual(committed);
  });

  it('documents every API route, the message body from its schema file, and who may call it', () => {
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          { security?: unknown; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace('{*}', '*')}`),
    );
    // Fastify adds a HEAD beside every GET; the document lists the GET.
    const routes = t.app.routeAccessList
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(documented.sort()).toEqual(routes.sort());
    const create = document.paths['/api/sys/person/message/create']?.['post'];
    expect(Object.keys(create?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual([
      'messageType',
      'theme',
      'name',
      'phone',
      'email',
      'content',
      'code',
    ]);
    expect(create?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/sys/biz/queryDictByCode']?.['get']?.security).toBeUndefined();
    // A permission route (spec §6) needs the token too, and its description names the check.
    const review = document.paths['/api/sys/form/data/review']?.['post'] as { security?: unknown; description?: string } | undefined;
    expect(review?.security).toEqual([{ bearerAuth: [] }]);
    expect(review?.description).toContain('`application.update`');
  });

  it('describes the answer of every operation, and its refusals as the error envelope', () => {
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { required?: string[] } }> }> }>
      >;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((status) => /^[23]/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        expect(operation.responses?.['4XX']?.content?.['application/json']?.schema?.required, `${method} ${path}`).toEqual(['code', 'msg']);
      }
    }
    const list = document.paths['/api/sys/form/data/queryMyApplicationList']?.['post']?.responses?.['200']?.content?.['application/json']
      ?.schema as { properties?: { data?: { required?: string[] } } } | undefined;
    expect(list?.properties?.data?.required).toEqual(['total', 'records']);
  });

  it('is not served by a running portal', async () => {
    const plain = await createTestApp();
    try {
      // Page paths fall back to the SPA's index.html; none of them answers with the document.
      for (const url of ['/documentation', '/documentation/json', '/openapi.json', '/api/openapi.json', '/api/documentation/json']) {
        expect((await plain.app.inject({ method: 'GET', url })).body, url).not.toContain('"openapi"');
      }
      expect('swagger' in plain.app).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

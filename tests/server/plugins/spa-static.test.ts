import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, INDEX_HTML, type TestApp } from '../helpers/test-app';

describe('the SPA from dist/client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(['/', '/home', '/user/login', '/home/findproxy/self-test', '/account/settings?tab=1'])(
    'serves index.html for the history route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves a built asset with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps API 404s as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
  });

  it('does not serve files outside dist/client', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('"dependencies"');
    }
  });
});

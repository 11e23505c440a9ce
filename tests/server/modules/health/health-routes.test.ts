import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { TEST_DATABASE_URL } from '../../helpers/test-database';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the load balancer’s /livez and /readyz outside /api, without a token', async () => {
    for (const url of ['/livez', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('/readyz when the database is gone', () => {
  it('answers 503 while /livez still answers 200', async () => {
    const t = await createTestApp();
    try {
      await t.app.database.close();
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

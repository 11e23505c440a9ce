import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/lib/app-error';
import { ok } from '../../../src/server/lib/envelope';
import { okResponse } from '../../../src/server/lib/ok-response';
import { installErrorEnvelope } from '../../../src/server/plugins/error-envelope';
import { installResponseSchemas } from '../../../src/server/plugins/response-schemas';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser } from '../helpers/test-users';

/** Every key of a JSON answer, nested ones included. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, entry]) => [key, ...keysOf(entry)]);
}

const ID_ONLY = okResponse({ type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string' } } });

describe('every API route declares its answer', () => {
  it('refuses to register an API route without a 2xx or 3xx response schema, in a plugin too', async () => {
    const app = Fastify();
    installResponseSchemas(app);
    expect(() => app.get('/api/forgotten', async () => ok(1))).toThrow(/GET \/api\/forgotten declares no response schema/);
    expect(() => app.get('/api/errors-only', { schema: { response: { '4xx': { type: 'object' } } } }, async () => ok(1))).toThrow(
      /declares no response schema/,
    );
    // Pages are not API routes: the SPA's fallback answers HTML.
    expect(() => app.get('/page', async () => 'html')).not.toThrow();
    void app.register(async (child) => {
      child.post('/api/sneaky', async () => ok(1));
    });
    await expect(app.ready()).rejects.toThrow(/POST \/api\/sneaky declares no response schema/);
  });

  it('sends only what the schema names, and refusals as the error envelope', async () => {
    const app = Fastify();
    installResponseSchemas(app);
    installErrorEnvelope(app);
    app.get('/api/thing', { schema: { response: ID_ONLY } }, async () => ok({ id: 't1', passwordHash: '$argon2id$secret' }));
    app.get('/api/conflict', { schema: { response: ID_ONLY } }, async () => {
      throw new AppError(409, 'versionConflict', { data: { version: 3 } });
    });
    const thing = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(thing.json()).toEqual({ code: 0, msg: 'ok', data: { id: 't1' } });
    expect(thing.body).not.toContain('argon2');
    const conflict = await app.inject({ method: 'GET', url: '/api/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 409, reason: 'versionConflict', data: { version: 3 } });
    await app.close();
  });
});

describe('the portal answers by its response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sends a plain user no key naming a password, hash, salt or identity number (SECURITY R17)', async () => {
    const user = await createLoggedInUser(t);
    const reads = [
      { method: 'GET' as const, url: '/api/integrity/app/user/settings/info' },
      { method: 'POST' as const, url: '/api/sys/app/user/settings/security', payload: {} },
      { method: 'GET' as const, url: '/api/integrity/app/user/unit/list' },
      { method: 'GET' as const, url: '/api/integrity/app/user/routes' },
      { method: 'POST' as const, url: '/api/sys/person/message/queryMyMessageList', payload: {} },
      { method: 'POST' as const, url: '/api/sys/form/data/queryMyApplicationList', payload: {} },
    ];
    for (const read of reads) {
      const response = await t.app.inject({ ...read, headers: user.auth });
      expect(response.statusCode, read.url).toBe(200);
      // When the password last changed is what the security page shows; the password itself never.
      expect(
        keysOf(response.json()).filter((key) => /password(?!ChangedAt)|hash|idCard|salt/i.test(key)),
        read.url,
      ).toEqual([]);
      expect(response.body, read.url).not.toMatch(/\$argon2/);
    }
  });
});

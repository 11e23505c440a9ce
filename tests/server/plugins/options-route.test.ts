import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorEnvelope } from '../../../src/server/plugins/error-envelope';
import { installOptionsRoute } from '../../../src/server/plugins/options-route';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('OPTIONS answered from the router (issue 34)', () => {
  it('names the methods of the path’s routes, a catch-all’s only where it serves, and 404s the rest', async () => {
    const app = Fastify();
    installErrorEnvelope(app);
    app.get('/api/things', async () => 'list');
    app.post('/api/things', async () => 'created');
    app.delete('/api/things/:id', async () => 'gone');
    app.get('/api/*', async () => 'alias');
    installOptionsRoute(app, { catchAllServes: (method, path) => method === 'GET' && path === '/api/published/alias' });
    const options = (url: string) => app.inject({ method: 'OPTIONS', url });

    const things = await options('/api/things?pageNo=1');
    expect(things.statusCode).toBe(204);
    expect(things.headers['allow']).toBe('OPTIONS, GET, HEAD, POST');
    expect(things.body).toBe('');
    expect((await options('/api/things/42')).headers['allow']).toBe('OPTIONS, DELETE');
    expect((await options('/api/published/alias')).headers['allow']).toBe('OPTIONS, GET');
    const unknown = await options('/api/nothing/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    await app.close();
  });

  describe('in the portal', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('answers a route’s path 204 with its methods, a page of the client too, and an unknown API path 404', async () => {
      const cases: [string, number, string | undefined][] = [
        ['/api/sys/user/login', 204, 'OPTIONS, POST'],
        ['/api/health', 204, 'OPTIONS, GET, HEAD'],
        // A spec alias of a list, GET and POST, and a record's detail.
        ['/api/sys/api/article/list', 204, 'OPTIONS, GET, HEAD, POST'],
        ['/api/resources/article/detail', 204, 'OPTIONS, GET, HEAD'],
        ['/home', 204, 'OPTIONS, GET, HEAD'],
        ['/api/no/such/route', 404, undefined],
        ['/api', 404, undefined],
      ];
      for (const [url, status, allow] of cases) {
        const response = await t.app.inject({ method: 'OPTIONS', url });
        expect(response.statusCode, url).toBe(status);
        expect(response.headers['allow'], url).toBe(allow);
      }
    });

    it('grants another origin’s preflight nothing: the API stays same-origin', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/sys/person/message/create',
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      // The security headers every answer carries.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLoggerOptions } from '../../../../src/server/lib/log-redaction';
import { LogStackWatch } from '../../helpers/log-stack-watch';
import { createBooking, LAB, scratchSchemas } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * Issue 34: Fastify answers a HEAD from the GET route (the same hooks and handler, the body dropped), and the
 * engine's handlers read a HEAD's input from the body, undefined: 500 with a stack trace in the log, on 73 GET
 * routes, 40 of them public. A HEAD now answers what its GET answers, without the body.
 */
describe('HEAD on the resource engine’s GET routes', () => {
  let t: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let recordId = '';
  const log = new LogStackWatch();
  const NO_SUCH_RECORD = '0b7e4a58-3c1f-4d8e-9a57-2f0e9c6d1b44';

  beforeAll(async () => {
    const schemas = await scratchSchemas();
    dispose = schemas.dispose;
    t = await createTestApp({ schemasDir: schemas.dir, logger: serverLoggerOptions('info', log.stream) });
    owner = await createLoggedInUser(t, 'owner');
    recordId = (await createBooking(t, owner)).id;
  });
  afterAll(async () => {
    await t?.close();
    await dispose?.();
  });

  const cases = (): { what: string; url: string; auth: boolean; status: number }[] => [
    { what: 'a record’s detail', url: `/api/resources/${LAB}/detail?id=${recordId}`, auth: true, status: 200 },
    { what: 'a detail that is not there', url: `/api/resources/${LAB}/detail?id=${NO_SUCH_RECORD}`, auth: true, status: 404 },
    { what: 'a public detail that is not there', url: `/api/resources/article/detail?id=${NO_SUCH_RECORD}`, auth: false, status: 404 },
    { what: 'a GET alias of the detail', url: `/api/sys/lab/booking/detail?id=${recordId}`, auth: true, status: 200 },
    { what: 'a public GET alias of a list', url: '/api/sys/api/article/list?pageNo=1&pageSize=5', auth: false, status: 200 },
    { what: 'a GET alias of a list with a filter', url: '/api/sys/api/technology/list?name=%E6%BF%80%E5%85%89', auth: false, status: 200 },
    { what: 'a detail without its id', url: `/api/resources/${LAB}/detail`, auth: true, status: 400 },
    { what: 'a detail without a login', url: `/api/resources/${LAB}/detail?id=${recordId}`, auth: false, status: 401 },
  ];

  it('answers the GET’s status, content type and length, with no body', async () => {
    for (const { what, url, auth, status } of cases()) {
      const headers = auth ? owner.auth : {};
      const get = await t.app.inject({ method: 'GET', url, headers });
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      expect(get.statusCode, `${what}: GET ${get.body}`).toBe(status);
      expect(head.statusCode, what).toBe(status);
      expect(head.headers['content-type'], what).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], what).toBe(String(get.rawPayload.length));
      expect(head.rawPayload.length, what).toBe(0);
    }
  });

  it('leaves no stack trace in the log', () => {
    expect(log.refusedWithStack).toEqual([]);
    expect(log.unattributed).toBe(0);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverLoggerOptions } from '../../../src/server/lib/log-redaction';
import { LogStackWatch } from './log-stack-watch';

describe('LogStackWatch, which the route fuzz reads the log with (issue 34)', () => {
  it('keeps a request answered below 500 that logged a stack trace, and nothing else', async () => {
    const watch = new LogStackWatch();
    const app = Fastify({ logger: serverLoggerOptions('info', watch.stream) });
    app.get('/quiet', async (_request, reply) => reply.code(400).send({ code: 400 }));
    app.get('/noisy', async (request, reply) => {
      request.log.warn({ err: new Error('looked into it') }, 'refused');
      return reply.code(404).send({ code: 404 });
    });
    app.get('/fault', async () => {
      throw new Error('a fault');
    });
    for (const url of ['/quiet', '/noisy', '/fault', '/quiet?x=1']) await app.inject({ method: 'GET', url });
    app.log.error({ err: new Error('outside any request') }, 'background');
    await app.close();

    expect(watch.refusedWithStack).toEqual([{ status: 404, request: 'GET /noisy', frame: expect.stringMatching(/^at /) }]);
    expect(watch.unattributed).toBe(1);
  });
});

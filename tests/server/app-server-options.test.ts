import { readdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/server-config';
import { makeSchemasDir, multipartBody, SAMPLE_FILES } from './helpers/activity-fixtures';
import { startListeningApp, type ListeningApp } from './helpers/listening-app';
import { createTestApp } from './helpers/test-app';
import { createLoggedInUser } from './helpers/test-users';

const REQUEST_TIMEOUT_MS = 400;

/** Sends the head and the start of a body, then nothing: what the connection got before it closed, and when. */
function stall(
  port: number,
  head: string,
  start: Buffer | string,
): { socket: Socket; closed: Promise<{ received: string; afterMs: number }> } {
  const socket = connect(port, '127.0.0.1');
  const sent = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(head);
  socket.write(start);
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ received, afterMs: Date.now() - sent })),
  );
  return { socket, closed };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

describe('REQUEST_TIMEOUT_MS', () => {
  it('is read as whole milliseconds, and is 60 s in the app when unset', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1500' }, '/srv').requestTimeoutMs).toBe(1500);
    expect(loadConfig({}, '/srv').requestTimeoutMs).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'soon']) expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad }, '/srv')).toThrow(ConfigError);
  });
});

describe('a client that announces a body and stops sending', () => {
  let server: ListeningApp;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    cleanup = schemas.cleanup;
    server = await startListeningApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS, schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  it('is answered 408 and closed once the request timeout passes, not minutes later', async () => {
    const head = 'POST /api/sys/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { closed } = stall(server.port, head, '{"username');
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    // Node looks for late requests as often as the limit runs out: closed within two rounds.
    expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 3 + 500);
  });

  it('on the upload route, loses its temporary file with the connection', async () => {
    const user = await createLoggedInUser(server, 'stalled');
    const { payload, headers } = multipartBody(
      { activityId: 'tiny-grant', step: 'files', field: 'license' },
      { filename: 'a.pdf', content: SAMPLE_FILES.pdf(200_000) },
    );
    const head = `POST /api/sys/form/data/attachment/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${user.auth.authorization}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`;
    const temporaries = async (): Promise<string[]> => (await readdir(server.uploadsDir)).filter((name) => name.startsWith('tmp-'));
    // The fields and the first 100 kB of the file, then silence.
    const { closed } = stall(server.port, head, payload.subarray(0, 100_000));
    expect(await waitFor(async () => (await temporaries()).length > 0, 2_000), 'the upload started a temporary file').toBe(true);
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(await waitFor(async () => (await temporaries()).length === 0, 2_000), `left behind: ${(await temporaries()).join(', ')}`).toBe(
      true,
    );
  });

  it('does not hurry a request that arrives whole', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe("Fastify's own refusals", () => {
  it('answer a path that is not valid UTF-8 with the envelope, not Fastify’s error code and the path', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/maps/a%ED%A0%80b' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: '请求参数有误' });
    } finally {
      await t.close();
    }
  });
});

import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/shared/api/endpoints';
import { COMPRESS_THRESHOLD_BYTES, installCompression } from '../../../src/server/plugins/compression';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser } from '../helpers/test-users';

const DICT_LIST = `/api${ENDPOINTS.dictList}`;

describe('JSON answers compressed on the fly (ADR 0054)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('compresses an answer above the threshold with brotli, or gzip, and it decodes to the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: DICT_LIST });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({ method: 'GET', url: DICT_LIST, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ method: 'GET', url: DICT_LIST, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // The tag is of the body before compression: the same in every encoding (weak, so that is allowed).
    expect(br.headers['etag']).toBe(plain.headers['etag']);
    expect(gzip.headers['etag']).toBe(plain.headers['etag']);
  });

  it('leaves a small answer as it is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: expect.any(String) });
  });

  it("compresses a logged-in user's answer too, which stays no-store", async () => {
    const user = await createLoggedInUser(t, 'gz');
    const response = await t.app.inject({ method: 'GET', url: DICT_LIST, headers: { ...user.auth, 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers HEAD without a body, describing the answer as it is (Fastify empties it before compression runs)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: DICT_LIST });
    const response = await t.app.inject({ method: 'HEAD', url: DICT_LIST, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(response.rawPayload.length).toBe(0);
  });
});

describe('what is never compressed on the fly', () => {
  let app: FastifyInstance;
  const large = (byte: number): Buffer => Buffer.alloc(8 * COMPRESS_THRESHOLD_BYTES, byte);
  const handled: string[] = [];
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    app.get('/export.xlsx', async (_request, reply) => reply.type(xlsx).send(large(0x50)));
    app.get('/file.pdf', async (_request, reply) => reply.type('application/pdf').send(Readable.from([large(0x25)])));
    app.get('/bytes', async (_request, reply) => reply.type('application/octet-stream').send(large(0)));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(Readable.from(['data: 1\n\n'.repeat(2_000)])));
    app.get('/rows.csv', async (_request, reply) => reply.type('text/csv; charset=utf-8').send('名称,数量\n'.repeat(2_000)));
    app.post('/echo', async (request) => {
      handled.push('echo');
      return request.body;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/export.xlsx', '/file.pdf', '/bytes', '/events'])(
    'sends %s as it is: a compressed format, or a stream read as it comes',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
    },
  );

  it('keeps a download byte for byte', async () => {
    const response = await app.inject({ method: 'GET', url: '/export.xlsx', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.rawPayload.equals(large(0x50))).toBe(true);
  });

  it('compresses text such as CSV', async () => {
    const response = await app.inject({ method: 'GET', url: '/rows.csv', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe('名称,数量\n'.repeat(2_000));
  });

  it('does not inflate a request body sent with Content-Encoding', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 'x'.repeat(10_000) })),
    });
    expect(response.statusCode).toBe(400);
    expect(handled).toEqual([]);
  });
});

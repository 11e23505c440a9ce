import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries } from '../../../../src/server/db/schema';
import { deliverMessage, DeliveryFailed } from '../../../../src/server/services/delivery/deliver-message';
import { createHttpSmsTransport } from '../../../../src/server/services/senders/http-sms-transport';
import type { MessageTransport } from '../../../../src/server/services/delivery/message-transport';
import { freshPhone } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/*
 * One delivery attempt (ADR 0034) against the templated HTTP gateway: the request as the template
 * makes it, and idempotency by the delivery id, including an attempt whose worker died mid-call.
 */

interface Seen {
  headers: IncomingMessage['headers'];
  url: string;
  body: string;
}

const TEXT = '【科创服务门户】您正在注册账号，验证码为 654321，5分钟内有效。"勿告知他人" & 谢谢';

describe('deliverMessage with the HTTP gateway', () => {
  let t: TestApp;
  let gateway: Server;
  let transport: MessageTransport;
  const seen: Seen[] = [];
  /** What a gateway honouring Idempotency-Key sends: one message per key. */
  const delivered = new Set<string>();
  /** Requests held without an answer, as a gateway does while the caller's process dies. */
  const held: ServerResponse[] = [];
  let holdNext = false;
  let failNext = 0;

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ headers: request.headers, url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(503).end('busy');
          return;
        }
        delivered.add(String(request.headers['idempotency-key']));
        if (holdNext) {
          holdNext = false;
          held.push(response);
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"ok"}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as AddressInfo).port;
    transport = createHttpSmsTransport({
      url: `http://127.0.0.1:${port}/sms/send?account=kc`,
      method: 'POST',
      headers: { 'X-Api-Key': 'gateway-key', 'Content-Type': 'application/json; charset=utf-8' },
      bodyTemplate: '{"mobile":"{phone}","content":"{text}","ref":"{id}"}',
    });
    t = await createTestApp();
  });

  afterAll(async () => {
    for (const response of held) response.destroy();
    await t?.close();
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  async function queued(phone: string): Promise<string> {
    const rows = await t.db
      .insert(messageDeliveries)
      .values({ channel: 'sms', transport: 'http', recipient: phone, body: TEXT })
      .returning({ id: messageDeliveries.id });
    return rows[0]?.id ?? '';
  }
  const row = async (id: string) => (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)))[0];
  const attempt = (retryCount: number) => ({ retryCount, retryLimit: 3 });

  it('fills the template, escaped for JSON, with the headers and the delivery id as Idempotency-Key', async () => {
    const phone = freshPhone();
    const id = await queued(phone);
    expect(await deliverMessage(t.db, { sms: transport }, id, attempt(0), t.clock.now)).toBe('sent');
    const request = seen.at(-1);
    expect(request?.url).toBe('/sms/send?account=kc');
    expect(request?.headers['x-api-key']).toBe('gateway-key');
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request?.headers['idempotency-key']).toBe(id);
    expect(JSON.parse(request?.body ?? '')).toEqual({ mobile: phone, content: TEXT, ref: id });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, body: '', lastError: null });
    // Run again (a retried job): nothing goes out.
    const before = seen.length;
    expect(await deliverMessage(t.db, { sms: transport }, id, attempt(1), t.clock.now)).toBe('alreadySent');
    expect(seen.length).toBe(before);
  });

  it('records a refused attempt as retrying, and the last one as failed, with the gateway’s status', async () => {
    const id = await queued(freshPhone());
    failNext = 2;
    await expect(deliverMessage(t.db, { sms: transport }, id, attempt(0), t.clock.now)).rejects.toThrow(DeliveryFailed);
    expect(await row(id)).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'SMS gateway answered HTTP 503', body: TEXT });
    const last = deliverMessage(t.db, { sms: transport }, id, { retryCount: 3, retryLimit: 3 }, t.clock.now);
    await expect(last).rejects.toMatchObject({ final: true });
    // The text (a code) is not kept once nobody will send it.
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, body: '' });
  });

  it('sends a message once when its worker died mid-call and another worker retries it', async () => {
    const id = await queued(freshPhone());
    holdNext = true;
    // The first worker: the gateway has the message, but its answer never comes back.
    const dying = deliverMessage(t.db, { sms: transport }, id, attempt(0), t.clock.now);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(1);
    expect((await row(id))?.status).toBe('sending');
    // pg-boss expires the attempt and hands the job to another worker: the same key goes again.
    expect(await deliverMessage(t.db, { sms: transport }, id, attempt(1), t.clock.now)).toBe('sent');
    // The first worker's connection is cut (its process is gone); its failure must not undo "sent".
    held.pop()?.destroy();
    await expect(dying).rejects.toThrow();
    const requests = seen.filter((request) => request.headers['idempotency-key'] === id);
    expect(requests).toHaveLength(2);
    expect([...delivered].filter((key) => key === id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, body: '' });
  });

  it('fails, not loses, a delivery whose sender this process does not have', async () => {
    const id = await queued(freshPhone());
    await expect(deliverMessage(t.db, {}, id, attempt(0), t.clock.now)).rejects.toThrow(/the http sms sender is not configured/);
    expect(await row(id)).toMatchObject({ status: 'retrying', lastError: 'the http sms sender is not configured in this process' });
    expect(await deliverMessage(t.db, {}, '00000000-0000-4000-8000-000000000000', attempt(0), t.clock.now)).toBe('missing');
  });
});

import { deliveriesTo } from '../../helpers/deliveries-to';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { messageDeliveries } from '../../../../src/server/db/schema';
import { serverLoggerOptions } from '../../../../src/server/lib/log-redaction';
import { DELIVERY_QUEUE } from '../../../../src/server/services/delivery/delivery-queue';
import { startJobQueue, type JobQueue } from '../../../../src/server/services/jobs/start-job-queue';
import { signTc3 } from '../../../../src/server/services/senders/tc3-signature';
import { freshIp, freshPhone, sendSms } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

/*
 * Issue 31 item 5 (ADR 0034): SMS and mail leave through the job queue to real protocols running in
 * this process on 127.0.0.1: an SMTP server (smtp-server) and an HTTP server standing for Tencent
 * Cloud SMS that checks each request's TC3-HMAC-SHA256 signature as Tencent does. The callers (the
 * passport's routes) are the ones in production, unchanged. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

const SECRET_ID = 'AKIDportaltest';
const SECRET_KEY = 'portal-test-secret-key';
const SMTP_USER = 'portal';
const SMTP_PASSWORD = 's3cret-pw';
const PASSWORD = 'Register-Pass-2026';

interface GatewayRequest {
  headers: IncomingMessage['headers'];
  body: string;
  json: {
    PhoneNumberSet: string[];
    TemplateId: string;
    TemplateParamSet: string[];
    SessionContext: string;
    SignName: string;
    SmsSdkAppId: string;
  };
  signatureValid: boolean;
}

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The Subject header, its RFC 2047 encoded words joined and decoded. */
function subjectOf(raw: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((candidate) => /^subject:/i.test(candidate)) ?? '';
  const words = [...line.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)].map((match) =>
    match[1]?.toUpperCase() === 'B'
      ? Buffer.from(match[2] ?? '', 'base64')
      : Buffer.from(
          (match[2] ?? '').replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, byte: string) => String.fromCharCode(parseInt(byte, 16))),
          'latin1',
        ),
  );
  return words.length > 0 ? Buffer.concat(words).toString('utf8') : line.replace(/^subject:\s*/i, '');
}

/** The text body of a single-part message sent with base64 text encoding. */
function textOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SMS and mail delivery through the job queue (ADR 0034)', () => {
  let t: TestApp;
  let queue: JobQueue;
  let gateway: Server;
  let smtp: SMTPServer;
  const logLines: string[] = [];
  const gatewayRequests: GatewayRequest[] = [];
  const mails: ReceivedMail[] = [];
  /** Per phone (E.164), the HTTP statuses the gateway answers next; 200 with Code Ok when empty. */
  const plans = new Map<string, number[]>();

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const timestamp = Number(request.headers['x-tc-timestamp']);
        // What Tencent does: the signature recomputed from the request as it arrived, with the caller's key.
        const expected = signTc3({
          secretId: SECRET_ID,
          secretKey: SECRET_KEY,
          service: 'sms',
          host: request.headers.host ?? '',
          timestamp,
          payload: body,
          contentType: String(request.headers['content-type']),
        });
        const json = JSON.parse(body) as GatewayRequest['json'];
        gatewayRequests.push({
          headers: request.headers,
          body,
          json,
          signatureValid: request.headers.authorization === expected.authorization,
        });
        const status = plans.get(json.PhoneNumberSet[0] ?? '')?.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            Response: {
              SendStatusSet: [
                { SerialNo: `serial-${gatewayRequests.length}`, Code: 'Ok', Message: 'send success', SessionContext: json.SessionContext },
              ],
              RequestId: randomUUID(),
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    smtp = new SMTPServer({
      // No TLS on loopback in the test; the password still has to be right.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const gatewayPort = (gateway.address() as AddressInfo).port;
    t = await createTestApp({
      logger: serverLoggerOptions('info', { write: (line) => void logLines.push(line) }),
      senders: {
        smsSender: 'tencent',
        tencentSms: {
          secretId: SECRET_ID,
          secretKey: SECRET_KEY,
          sdkAppId: '1400000001',
          signName: '科创服务门户',
          codeTemplateId: '100001',
          noticeTemplateId: '100002',
          region: 'ap-guangzhou',
          endpoint: `http://127.0.0.1:${gatewayPort}`,
        },
        mailSender: 'smtp',
        smtp: { url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`, from: '科创服务门户 <noreply@kechuang.test>' },
      },
    });
    queue = await startJobQueue(t.app, [], {
      pollSeconds: 1,
      deliveryRetry: { retryLimit: 2, retryDelay: 1, retryDelayMax: 2, expireInSeconds: 30 },
    });
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await t?.close();
    gateway?.closeAllConnections();
    await new Promise((resolve) => gateway?.close(resolve));
    await new Promise((resolve) => smtp?.close(() => resolve(undefined)));
  });

  const delivery = async (id: string) => (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)))[0];
  const deliveryTo = async (recipient: string) => (await deliveriesTo(t.db, recipient))[0];
  const requestsFor = (phone: string) => gatewayRequests.filter((request) => request.json.PhoneNumberSet[0] === `+86${phone}`);

  it('registers end to end: the code by Tencent Cloud SMS, signed, and the activation link by SMTP, in Chinese', async () => {
    const phone = freshPhone();
    const email = `wang.${Date.now()}@example.com`;
    const sent = await sendSms(t, phone, 'register');
    expect(sent.statusCode).toBe(200);

    const request = await waitFor(() => requestsFor(phone)[0]);
    expect(request.signatureValid).toBe(true);
    expect(request.headers['x-tc-action']).toBe('SendSms');
    expect(request.headers['x-tc-version']).toBe('2021-01-11');
    expect(request.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(request.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDportaltest\/\d{4}-\d{2}-\d{2}\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
    // Signed with the real time: Tencent refuses a timestamp more than 5 minutes off.
    expect(Math.abs(Number(request.headers['x-tc-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(request.json).toMatchObject({ SmsSdkAppId: '1400000001', SignName: '科创服务门户', TemplateId: '100001' });
    const code = request.json.TemplateParamSet[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const row = await waitFor(async () => {
      const found = await deliveryTo(phone);
      return found?.status === 'sent' ? found : undefined;
    });
    expect(request.json.SessionContext).toBe(row.id);
    expect(row).toMatchObject({
      channel: 'sms',
      transport: 'tencent',
      attempts: 1,
      body: '',
      lastError: null,
      providerMessageId: expect.stringMatching(/^serial-/),
    });

    const username = `wang${Date.now() % 1_000_000}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/register',
      remoteAddress: freshIp(),
      payload: { username, password: PASSWORD, confirmPassword: PASSWORD, phone, smsCode: code, email },
    });
    expect(registered.statusCode).toBe(200);
    const mail = await waitFor(() => mails.find((candidate) => candidate.to.includes(email)));
    expect(mail.from).toBe('noreply@kechuang.test');
    expect(subjectOf(mail.raw)).toBe('科创服务门户账号激活');
    const text = textOf(mail.raw);
    expect(text).toContain(`${username}，您好：`);
    expect(text).toContain('请在24小时内打开以下链接激活您的科创服务门户账号');
    expect(text).toMatch(/\/api\/oauth\/activate\?token=[A-Za-z0-9_-]{43}/);
    const mailRow = await waitFor(async () => {
      const found = await deliveryTo(email);
      return found?.status === 'sent' ? found : undefined;
    });
    expect(mail.raw).toContain(`Message-ID: <${mailRow.id}@kechuang-portal>`);
    expect(mailRow).toMatchObject({ channel: 'mail', transport: 'smtp', subject: '科创服务门户账号激活', body: '', attempts: 1 });
  }, 40_000);

  it('retries with back-off when the gateway answers 500, then sends once', async () => {
    const phone = freshPhone();
    plans.set(`+86${phone}`, [500]);
    expect((await sendSms(t, phone, 'register')).statusCode).toBe(200);
    const row = await waitFor(async () => {
      const found = await deliveryTo(phone);
      return found?.status === 'sent' ? found : undefined;
    });
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBeNull();
    const requests = requestsFor(phone);
    expect(requests).toHaveLength(2);
    // Both attempts are the same message: one delivery id, one code.
    expect(new Set(requests.map((request) => request.json.SessionContext))).toEqual(new Set([row.id]));
    expect(new Set(requests.map((request) => request.json.TemplateParamSet[0])).size).toBe(1);
  }, 30_000);

  it('does not send again when the job is run again after the gateway accepted', async () => {
    const phone = freshPhone();
    expect((await sendSms(t, phone, 'register')).statusCode).toBe(200);
    const row = await waitFor(async () => {
      const found = await deliveryTo(phone);
      return found?.status === 'sent' ? found : undefined;
    });
    expect(requestsFor(phone)).toHaveLength(1);
    // A second job for the same delivery: what a retry after a crash between the provider's answer
    // and pg-boss hearing of it amounts to.
    const again = await queue.boss.send(DELIVERY_QUEUE, { id: row.id });
    expect(again).not.toBeNull();
    await waitFor(async () => {
      const job = await queue.boss.getJobById(DELIVERY_QUEUE, again ?? '');
      return job?.state === 'completed' ? job : undefined;
    });
    expect(requestsFor(phone)).toHaveLength(1);
    expect((await delivery(row.id))?.attempts).toBe(1);
  }, 30_000);

  it('never holds up or fails the request when the gateway keeps failing; the delivery ends failed with its error', async () => {
    const phone = freshPhone();
    plans.set(`+86${phone}`, [500, 500, 500, 500]);
    const started = Date.now();
    const sent = await sendSms(t, phone, 'register');
    expect(sent.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const row = await waitFor(async () => {
      const found = await deliveryTo(phone);
      return found?.status === 'failed' ? found : undefined;
    });
    // The first attempt and the two retries of retryLimit 2.
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe('Tencent Cloud SMS answered HTTP 500');
    expect(row.body).toBe('');
    expect(requestsFor(phone)).toHaveLength(3);
  }, 30_000);

  it('lists the deliveries for administrators, recipients masked and no text, and refuses others', async () => {
    const admin = await createLoggedInUser(t, 'admin', 'admin');
    const applicant = await createLoggedInUser(t, 'alice');
    const list = (user: typeof admin, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/resources/message-delivery/lists/all', headers: user.auth, payload });
    const response = await list(admin, { pageNo: 1, pageSize: 50 });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: { total: number; records: RecordView[] } }>().data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    const statuses = new Set(page.records.map((record) => record.status));
    expect(statuses.has('sent') && statuses.has('failed')).toBe(true);
    for (const record of page.records) {
      const recipient = String(record.data['recipient']);
      expect(recipient).toMatch(record.data['channel'] === 'sms' ? /^1\d{2}\*{4}\d{4}$/ : /^.\*\*\*@example\.com$/);
      expect(JSON.stringify(record)).not.toMatch(/验证码|activate\?token/);
    }
    const failed = (await list(admin, { pageNo: 1, pageSize: 50, status: 'failed' })).json<{ data: { records: RecordView[] } }>().data
      .records;
    expect(failed[0]?.data).toMatchObject({ channel: 'sms', attempts: 3, lastError: 'Tencent Cloud SMS answered HTTP 500' });
    const mailOnly = (await list(admin, { pageNo: 1, pageSize: 50, channel: 'mail' })).json<{ data: { records: RecordView[] } }>().data
      .records;
    expect(mailOnly.length).toBeGreaterThanOrEqual(1);
    expect(mailOnly.every((record) => record.data['channel'] === 'mail')).toBe(true);
    expect((await list(applicant, { pageNo: 1, pageSize: 10 })).statusCode).toBe(403);
  });

  it('keeps phone numbers, addresses and codes out of the log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('message delivery');
    for (const request of gatewayRequests) {
      expect(log).not.toContain(request.json.PhoneNumberSet[0]?.slice(3) ?? 'x');
      // The code as the text carries it (a bare 6-digit number could turn up inside a timestamp).
      expect(log).not.toContain(`验证码为 ${request.json.TemplateParamSet[0] ?? 'x'}`);
      expect(log).not.toContain(`"${request.json.TemplateParamSet[0] ?? 'x'}"`);
    }
    for (const mail of mails) expect(log).not.toContain(mail.to[0] ?? 'x');
    expect(log).not.toContain(SECRET_KEY);
    expect(log).not.toContain(SMTP_PASSWORD);
  });
});

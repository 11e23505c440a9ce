import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { loadConfig } from '../../../../src/server/config/server-config';
import { startJobQueue, type JobQueue } from '../../../../src/server/services/jobs/start-job-queue';
import { deliveriesTo } from '../../helpers/deliveries-to';
import { freshPhone } from '../../helpers/passport-fixtures';
import { createScratchDatabase, TEST_DATABASE_URL } from '../../helpers/test-database';
import { TEST_DATA_KEY } from '../../helpers/test-app';

/*
 * ADR 0034, the crash the job queue is for: a portal process is killed (SIGKILL, no clean-up) while
 * its worker waits for the gateway's answer; another process on the same PostgreSQL takes the
 * expired attempt over and finishes it. The gateway, which honours Idempotency-Key as a careful
 * provider does, ends up delivering the message once. PostgreSQL only: PGlite is one process's.
 * The killed process is the portal itself (node with tsx's loader), so no orphan of it helps or lingers.
 */
describe.skipIf(!TEST_DATABASE_URL)('a worker killed mid-send', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let gateway: Server | undefined;
  let app: FastifyInstance | undefined;
  let queue: JobQueue | undefined;
  let child: ChildProcess | undefined;
  const dirs: string[] = [];
  const held: ServerResponse[] = [];
  const keys: string[] = [];
  const delivered = new Set<string>();

  afterAll(async () => {
    // Whatever failed above, the portal process does not outlive the test.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const response of held) response.destroy();
    await queue?.stop();
    await app?.close();
    gateway?.closeAllConnections();
    await new Promise((resolve) => (gateway ? gateway.close(resolve) : resolve(undefined)));
    await scratch?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is finished by another process, and the message is delivered once', async () => {
    scratch = await createScratchDatabase();
    gateway = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const key = String(request.headers['idempotency-key']);
        keys.push(key);
        const first = !delivered.has(key);
        delivered.add(key);
        // The first request is accepted but never answered: its caller is killed while it waits.
        if (first) held.push(response);
        else response.writeHead(200).end('{"result":"duplicate ignored"}');
      });
    });
    await new Promise<void>((resolve) => gateway?.listen(0, '127.0.0.1', resolve));
    const phone = freshPhone();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      SMS_SENDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
      SMS_HTTP_BODY: '{"mobile":"{phone}","content":"{text}"}',
      MAIL_SENDER: 'outbox',
      SMTP_URL: '',
      KILL_PHONE: phone,
      // Two processes on one database share the master key of personal data (ADR 0066).
      DATA_KEY: TEST_DATA_KEY,
    };
    dirs.push(await mkdtemp(join(tmpdir(), 'kc-kill-a-')), await mkdtemp(join(tmpdir(), 'kc-kill-b-')));

    // Node itself with tsx's loader, not the tsx command: that is a wrapper that starts the portal as its own
    // child, so SIGKILL reached the wrapper and the portal lived on as an orphan, finishing the attempt itself.
    const portal = spawn(process.execPath, ['--import', 'tsx', 'tests/server/services/delivery/fixtures/delivery-worker-process.ts'], {
      env: { ...process.env, ...env, DATA_DIR: dirs[0] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = portal;
    let output = '';
    portal.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    portal.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<string | null>((resolve) => portal.once('exit', (_code, signal) => resolve(signal)));
    await expect.poll(() => held.length > 0 || portal.exitCode !== null, { timeout: 150_000, interval: 200 }).toBe(true);
    expect(held, output).toHaveLength(1);
    portal.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // The process that held the gateway's request is gone: nothing of it can finish the attempt.
    expect(() => process.kill(portal.pid ?? 0, 0)).toThrow(/ESRCH/);

    // The second process: the same database, its own folder, pg-boss looking for dead attempts every second.
    app = await buildApp({ config: { ...loadConfig({ ...env, DATA_DIR: dirs[1] ?? '' }) }, logger: false });
    const [before] = await deliveriesTo(app.database.db, phone);
    expect(before).toMatchObject({ status: 'sending', attempts: 1 });
    queue = await startJobQueue(app, [], {
      pollSeconds: 1,
      superviseSeconds: 1,
      deliveryRetry: { retryLimit: 3, retryDelay: 1, retryDelayMax: 2, expireInSeconds: 3 },
    });
    const errors: unknown[] = [];
    queue.boss.on('error', (error: unknown) => errors.push(error));
    const db = app.database.db;
    await expect
      .poll(async () => (await deliveriesTo(db, phone))[0]?.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('sent');
    const [after] = await deliveriesTo(db, phone);
    expect(after).toMatchObject({ attempts: 2, body: '' });
    // Two requests, one key, one message delivered.
    expect(keys).toEqual([after?.id, after?.id]);
    expect(delivered.size).toBe(1);
    // The survivor's supervise passes ran clean (each one threw on PostgreSQL before ADR 0069's fix).
    expect(errors).toEqual([]);
  }, 300_000);
});

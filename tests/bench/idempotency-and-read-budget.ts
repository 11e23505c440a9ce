/**
 * ADR 0064: what the anonymous read budget (R28) and the Idempotency-Key (R37) cost, on the embedded PGlite,
 * autocannon on 127.0.0.1 (20 connections, BENCH_SECONDS each). In one run, side by side: a visitor's public
 * GET with the budget off and on (one counter upsert per read), and a record create without a key and with
 * a fresh key each time (a claim before, the answer stored after). Prints figures; asserts nothing.
 * `npx tsx tests/bench/idempotency-and-read-budget.ts`
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { openPgliteDir } from '../../src/server/db/open-pglite';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { scratchSchemas } from '../server/helpers/resource-fixtures';
import { round } from './lib/bench-stats';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const CONNECTIONS = 20;

async function drive(url: string, requests: autocannon.Request[]): Promise<string> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  return `${String(round(result.requests.average, 0)).padStart(6)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx + result.errors}`;
}

async function run(anonymousReadsPerMinute: number): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kc-bench-idem-'));
  const schemas = await scratchSchemas();
  const database = await openPgliteDir(dataDir);
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    nodeEnv: 'production' as const,
    captchaFixed: undefined,
    schemasDir: schemas.dir,
    clientDir: '/nonexistent',
    anonymousReadsPerMinute,
    jobs: false,
  };
  const app = await buildApp({ config, database, seedDemoUsers: false });
  try {
    // Editors enough that the create route's 30 a minute per user is never what is measured.
    const tokens: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const id = await createUser(app.database.db, {
        username: `bench_editor_${i}`,
        password: 'Bench-pw-2026',
        fullname: '压测编辑',
        role: 'editor',
        orgName: '压测中心',
      });
      tokens.push(await createSession(app.database.db, id, new Date()));
    }
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    let created = 0;
    const create = (withKey: boolean): autocannon.Request[] => [
      {
        method: 'POST',
        path: '/api/resources/catalog/create',
        setupRequest: (request) => {
          created += 1;
          return {
            ...request,
            headers: {
              authorization: `Bearer ${tokens[created % tokens.length] ?? ''}`,
              'content-type': 'application/json',
              ...(withKey ? { 'idempotency-key': randomUUID() } : {}),
            },
            body: JSON.stringify({ name: `压测${created}`, code: `bench-${created}`, kind: 'policy', sort: 1 }),
          };
        },
      },
    ];
    const figures: Record<string, string> = {};
    await drive(url, [{ method: 'GET', path: '/api/schemas/activities' }]);
    figures[`visitor GET /api/schemas/activities, budget ${anonymousReadsPerMinute === 0 ? 'off' : 'on'}`] = await drive(url, [
      { method: 'GET', path: '/api/schemas/activities' },
    ]);
    if (anonymousReadsPerMinute !== 0) {
      figures['record create, no Idempotency-Key'] = await drive(url, create(false));
      figures['record create, a fresh Idempotency-Key each'] = await drive(url, create(true));
      figures['record create, no Idempotency-Key (again)'] = await drive(url, create(false));
    }
    return figures;
  } finally {
    await app.close();
    await schemas.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const figures = { ...(await run(0)), ...(await run(1_000_000_000)) };
console.log(`PGlite, ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1, ${new Date().toISOString()}`);
for (const [name, line] of Object.entries(figures)) console.log(`${name.padEnd(52)} ${line}`);

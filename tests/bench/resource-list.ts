// npm run bench:lists — prints figures, asserts nothing (issue 8's list bar): on PostgreSQL 15 with
// 100,000 records of the fixture resource, the reviewers' paged list with its total against the same
// page without a total and against a naive count(*), at 50 connections, plus the engine's own route.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { count, sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/open-postgres';
import { records } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { countRecords, listRecordPage, listRecords, type RecordListQuery } from '../../src/server/engine/records/list-records';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { LAB, scratchSchemas } from '../server/helpers/resource-fixtures';
import { seedLabBookings } from './lib/seed-lab-bookings';
import { startThrowawayPostgres } from './throwaway-postgres';

const RECORDS = Number(process.env['BENCH_RECORDS'] ?? 100_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);

const postgres = process.env['BENCH_DATABASE_URL'] ? undefined : await startThrowawayPostgres();
const url = process.env['BENCH_DATABASE_URL'] ?? postgres?.url ?? '';
const schemas = await scratchSchemas();
const database = await openPostgres(url);
const app = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: url,
    nodeEnv: 'production',
    captchaFixed: undefined,
    schemasDir: schemas.dir,
    clientDir: '/nonexistent',
  },
  database,
  seedDemoUsers: false,
});
const side = Fastify();
try {
  const db = app.database.db;
  const reviewerId = await createUser(db, {
    username: 'bench_reviewer',
    password: 'Bench-pw-2026',
    fullname: '压测审核人',
    role: 'reviewer',
    orgName: '压测中心',
  });
  const owners: string[] = [];
  for (let i = 0; i < 100; i += 1)
    owners.push(
      await createUser(db, {
        username: `bench_owner_${i}`,
        password: 'Bench-pw-2026',
        fullname: `申请人${i}`,
        role: 'applicant',
        orgName: '压测科技有限公司',
      }),
    );
  const started = Date.now();
  await seedLabBookings(db, owners, RECORDS);
  const total = (await db.select({ n: count() }).from(records))[0]?.n ?? 0;
  console.log(`seeded ${total} records in ${((Date.now() - started) / 1000).toFixed(1)} s (PostgreSQL 15, ${RECORDS} asked)`);

  const query: RecordListQuery = {
    resource: LAB,
    scope: { kind: 'all' },
    statuses: ['submitted', 'returned', 'approved', 'rejected'],
    filters: [],
    sort: { field: 'updatedAt', order: 'descend', kind: 'column' },
    pageNo: 1,
    pageSize: 10,
  };
  const naiveTotal = async (): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(records)
        .where(sql`${records.resource} = ${LAB} AND ${records.status} IN ('submitted', 'returned', 'approved', 'rejected')`)
    )[0]?.n ?? 0;
  console.log(`the reviewers' list: total ${await countRecords(db, query)} (counts table) = ${await naiveTotal()} (count(*))`);

  // The same page three ways, on one small server, so only the total differs.
  side.get('/with-total', async () => listRecords(db, query));
  side.get('/without-total', async () => ({ rows: await listRecordPage(db, query) }));
  side.get('/naive-count', async () => {
    const [rows, total] = await Promise.all([listRecordPage(db, query), naiveTotal()]);
    return { total, rows };
  });
  const sideUrl = await side.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(db, reviewerId, new Date());

  // The load comes from autocannon in its own process, so it does not share the server's event loop.
  async function run(
    name: string,
    target: string,
    options: { duration?: number; method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<number> {
    const args = ['--json', '-c', String(CONNECTIONS), '-d', String(options.duration ?? SECONDS)];
    if (options.method) args.push('-m', options.method);
    for (const [key, value] of Object.entries(options.headers ?? {})) args.push('-H', `${key}=${value}`);
    if (options.body) args.push('-b', options.body);
    const { stdout } = await promisify(execFile)('node_modules/.bin/autocannon', [...args, target], { maxBuffer: 16 * 1024 * 1024 });
    const result = JSON.parse(stdout) as autocannon.Result;
    const errors = result.errors + result.non2xx;
    console.log(
      `${name}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${errors}`,
    );
    return result.requests.average;
  }
  await run('warm-up', `${sideUrl}/with-total`, { duration: 3 });
  const withTotal = await run('page + total (counts table)', `${sideUrl}/with-total`);
  const withoutTotal = await run('page without total', `${sideUrl}/without-total`);
  const naive = await run('page + naive count(*)', `${sideUrl}/naive-count`);
  console.log(
    `ratio with total / without: ${(withTotal / withoutTotal).toFixed(2)} (bar: ≥ 0.75); naive count(*) / without: ${(naive / withoutTotal).toFixed(2)}`,
  );
  await run(
    'engine route POST /api/resources/lab-booking/lists/review (session, route schema, envelope)',
    `${appUrl}/api/resources/${LAB}/lists/review`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageNo: 1, pageSize: 10 }),
    },
  );
} finally {
  await side.close();
  await app.close();
  await schemas.dispose();
  postgres?.stop();
}

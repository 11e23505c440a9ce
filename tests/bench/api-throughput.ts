/**
 * Issue 16, part 3: the API under autocannon on 127.0.0.1 (50 connections, BENCH_SECONDS each), on
 * PostgreSQL and on the embedded PGlite: a bare route (the upper bound), the reviewers' paged list
 * with its total over 100,000 records narrowed by status, a record create, and the public activity
 * list. One server in this process, its database fresh for each engine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { openPgliteDir } from '../../src/server/db/open-pglite';
import { openPostgres } from '../../src/server/db/open-postgres';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { LAB, scratchSchemas } from '../server/helpers/resource-fixtures';
import { round } from './lib/bench-stats';
import { seedLabBookings } from './lib/seed-lab-bookings';
import { startThrowawayPostgres } from './throwaway-postgres';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const RECORDS = Number(process.env['BENCH_RECORDS'] ?? 100_000);
const CONNECTIONS = 50;
// The create route allows 30 a minute per user: enough applicants that the limit is never what is measured.
const CREATORS = 400;

export interface ApiFigures {
  reqPerSec: number;
  p99: number;
  non2xx: number;
  /** How the answers that were not 2xx break down, when there were any. */
  statuses?: Record<string, { count: number }>;
}

export type ApiEngine = 'postgres' | 'pglite';
export type ApiResult = Record<ApiEngine, Record<string, ApiFigures>>;

async function drive(url: string, requests: autocannon.Request[]): Promise<ApiFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  const figures: ApiFigures = {
    reqPerSec: round(result.requests.average, 0),
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
  if (figures.non2xx > 0)
    figures.statuses = {
      ...(result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats,
      errors: { count: result.errors },
      timeouts: { count: result.timeouts },
    };
  return figures;
}

/** Users made with one password hash copied in SQL: hashing 400 passwords would take longer than the run. */
async function creators(db: Database['db']): Promise<string[]> {
  const first = await createUser(db, {
    username: 'bench_creator_0',
    password: 'Bench-pw-2026',
    fullname: '压测申请人',
    role: 'applicant',
    orgName: '压测科技有限公司',
  });
  await db.execute(sql`
    INSERT INTO users (username, password_hash, fullname, role, org_name, headimgurl, password_changed_at)
    SELECT 'bench_creator_' || i, password_hash, fullname, role, org_name, headimgurl, now() FROM users, generate_series(1, ${CREATORS - 1}) AS i WHERE id = ${first}`);
  const rows = await db.execute(sql`SELECT id FROM users WHERE username LIKE 'bench_creator_%'`);
  const ids = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ id: string }> }).rows) as Array<{ id: string }>;
  const tokens: string[] = [];
  for (const row of ids) tokens.push(await createSession(db, row.id, new Date()));
  return tokens;
}

async function runOn(engine: ApiEngine): Promise<Record<string, ApiFigures>> {
  const postgres = engine === 'postgres' ? await startThrowawayPostgres() : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'kc-bench-api-'));
  const schemas = await scratchSchemas();
  try {
    const database = postgres ? await openPostgres(postgres.url) : await openPgliteDir(dataDir);
    const config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: postgres?.url,
      nodeEnv: 'production' as const,
      captchaFixed: undefined,
      schemasDir: schemas.dir,
      clientDir: '/nonexistent',
      // The public list scenario is one visitor at thousands of reads a second: counted (the cost is in the figure), never refused (R28).
      anonymousReadsPerMinute: 1_000_000_000,
    };
    const app = await buildApp({ config, database, seedDemoUsers: false });
    try {
      const db = app.database.db;
      const reviewer = await createUser(db, {
        username: 'bench_reviewer',
        password: 'Bench-pw-2026',
        fullname: '压测审核人',
        role: 'reviewer',
        orgName: '压测中心',
      });
      const owners: string[] = [];
      for (let i = 0; i < 20; i += 1)
        owners.push(
          await createUser(db, {
            username: `bench_owner_${i}`,
            password: 'Bench-pw-2026',
            fullname: `申请人${i}`,
            role: 'applicant',
            orgName: '压测科技有限公司',
          }),
        );
      await seedLabBookings(db, owners, RECORDS);
      const reviewerToken = await createSession(db, reviewer, new Date());
      const tokens = await creators(db);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });

      let created = 0;
      const scenarios: Record<string, autocannon.Request[]> = {
        'bare route (GET /livez)': [{ method: 'GET', path: '/livez' }],
        [`paged list + total, status filter, ${RECORDS.toLocaleString('en-US')} records`]: [
          {
            method: 'POST',
            path: `/api/resources/${LAB}/lists/review`,
            headers: { authorization: `Bearer ${reviewerToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ pageNo: 1, pageSize: 10, status: 'approved' }),
          },
        ],
        'record create (POST create)': [
          {
            method: 'POST',
            path: `/api/resources/${LAB}/create`,
            setupRequest: (request) => {
              created += 1;
              const data = {
                subject: `压测新建-${created}`,
                instrument: '高分辨质谱仪',
                field: '01',
                hours: 1 + (created % 72),
                contactPhone: '13912345678',
              };
              return {
                ...request,
                headers: { authorization: `Bearer ${tokens[created % tokens.length] ?? ''}`, 'content-type': 'application/json' },
                body: JSON.stringify(data),
              };
            },
          },
        ],
        'public activity list (GET /api/schemas/activities)': [{ method: 'GET', path: '/api/schemas/activities' }],
      };
      const figures: Record<string, ApiFigures> = {};
      await drive(url, scenarios['bare route (GET /livez)'] ?? []);
      for (const [name, requests] of Object.entries(scenarios)) figures[name] = await drive(url, requests);
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await schemas.dispose();
    await rm(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

export async function runApiBench(engines: readonly ApiEngine[] = ['postgres', 'pglite']): Promise<Partial<ApiResult>> {
  const result: Partial<ApiResult> = {};
  for (const engine of engines) result[engine] = await runOn(engine);
  return result;
}

export function printApiBench(result: Partial<ApiResult>): void {
  console.log(`\n3. The API (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1)`);
  console.log('   scenario'.padEnd(66) + 'engine      req/s    p99 ms  non-2xx');
  for (const [engine, figures] of Object.entries(result)) {
    for (const [name, value] of Object.entries(figures)) {
      console.log(
        `   ${name.padEnd(63)}${engine.padEnd(10)}${String(value.reqPerSec).padStart(7)}${String(value.p99).padStart(10)}${String(value.non2xx).padStart(9)}`,
      );
      if (value.statuses)
        console.log(
          `      (${Object.entries(value.statuses)
            .map(([status, { count }]) => `${status}: ${count}`)
            .join(', ')})`,
        );
    }
  }
}
